#!/usr/bin/env node
/**
 * A merchant's script: raise (or lower) the price of every product in a collection by a percentage.
 *
 *   WIX_API_KEY=… node examples/bulk-price-edit.mjs summer 10      # +10 % on the "summer" collection
 *   WIX_API_KEY=… node examples/bulk-price-edit.mjs summer -15     # a 15 % markdown
 *
 * API_BASE points it elsewhere (the sandbox: API_BASE=http://127.0.0.1:4100 WIX_API_KEY=sandbox-admin-key).
 */
import {
  apiKeyAuth,
  bulkAdjustProductProperty,
  createApiClient,
  getCollectionBySlug,
  isApiError,
  queryProducts,
} from 'storefront-widgets/api';

const [slug, percentText] = process.argv.slice(2);
const percentage = Number(percentText);
if (!slug || !Number.isFinite(percentage) || percentage === 0 || percentage <= -100) {
  console.error('Usage: node examples/bulk-price-edit.mjs <collection-slug> <percent, e.g. 10 or -15>');
  process.exit(2);
}
if (!process.env.WIX_API_KEY) {
  console.error('Set WIX_API_KEY to a merchant API key.');
  process.exit(2);
}

const client = createApiClient({
  apiBase: process.env.API_BASE ?? 'https://www.wixapis.com',
  auth: apiKeyAuth(process.env.WIX_API_KEY),
});

try {
  const { collection } = await getCollectionBySlug(client, slug);
  const ids = [];
  let page = await queryProducts(client).eq('collectionIds', collection.id).limit(100).find();
  for (;;) {
    ids.push(...page.items.map((product) => product.id));
    if (!page.hasNext()) break;
    page = await page.next();
  }
  let succeeded = 0;
  for (let i = 0; i < ids.length; i += 100) {
    const { results, bulkActionMetadata } = await bulkAdjustProductProperty(client, ids.slice(i, i + 100), {
      price: { percentage },
    });
    succeeded += bulkActionMetadata?.totalSuccesses ?? 0;
    for (const { itemMetadata } of results) {
      if (!itemMetadata?.success) console.error(`  ${itemMetadata?.id}: ${itemMetadata?.error?.description}`);
    }
  }
  console.log(
    `${collection.name}: ${succeeded} of ${ids.length} products ${percentage > 0 ? 'up' : 'down'} ${Math.abs(percentage)} %`,
  );
} catch (error) {
  if (isApiError(error)) {
    console.error(`${error.message} (HTTP ${error.status}, request id ${error.requestId ?? 'none'})`);
  } else console.error(error.message);
  process.exit(1);
}
