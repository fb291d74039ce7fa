import { describe, expect, it } from 'vitest';
import {
  type ApiClient,
  ApiError,
  addProductMedia,
  addProductMediaToChoices,
  addProductsToCollection,
  bulkAdjustProductProperty,
  bulkUpdateProductsProperty,
  createCollection,
  createProduct,
  deleteCollection,
  deleteProduct,
  deleteProductOptions,
  getCollection,
  getCollectionBySlug,
  getCollectionBySlugV1,
  getProduct,
  getProductOptionsAvailability,
  getStoreVariant,
  isSystemError,
  type Product,
  queryCollections,
  queryProducts,
  queryProductVariants,
  queryStoreVariants,
  removeBrand,
  removeProductMedia,
  removeProductMediaFromChoices,
  removeProductsFromCollection,
  removeRibbon,
  resetAllProductVariantData,
  StorefrontError,
  SystemError,
  updateCollection,
  updateProduct,
  updateProductVariants,
  ValidationError,
} from '../../../src/api/index';
import { apiHarness, expectSameWire, recorded, withValues } from '../../helpers/api';
import { fakeClock } from '../../helpers/sandbox';

/**
 * Every call of src/api/products.ts through our client against the in-process sandbox: the request on the
 * wire (against the official client's recording, which used the seeded tee and the All Products
 * collection) and what it did (a later read through our client, permissions, typed errors, events).
 */

const NOW = '2026-11-22T12:00:00.000Z';
/** The seeded tee, which is also the recording's product. */
const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
/** A product id of the recording that the sandbox does not hold. */
const NO_PRODUCT = '1a2b3c4d-0000-4000-8000-000000000002';
/** All Products, which is also the recording's collection. */
const ALL = '00000000-000000-000000-000000000001';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';

function setup() {
  const clock = fakeClock();
  const h = apiHarness({ now: clock.now });
  const state = () => h.sandbox.context.state;
  const productId = (slug: string): string => {
    const found = [...state().products.values()].find((p) => p.slug === slug);
    if (!found?.id) throw new Error(`no product ${slug}`);
    return found.id;
  };
  const collectionId = (slug: string): string => {
    const found = [...state().collections.values()].find((c) => c.slug === slug);
    if (!found?.id) throw new Error(`no collection ${slug}`);
    return found.id;
  };
  const snapshot = () =>
    structuredClone([[...state().products.entries()], [...state().collections.entries()]]);
  return {
    h,
    state,
    productId,
    collectionId,
    snapshot,
    merchant: h.merchant(),
    apiKey: h.sandbox.context.apiKey,
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

function listen(client: ApiClient) {
  const names = [
    'product.created',
    'product.updated',
    'product.deleted',
    'collection.created',
    'collection.updated',
    'collection.deleted',
    'variants.updated',
  ] as const;
  const calls: Array<[string, unknown]> = [];
  for (const name of names) client.on(name, (payload: unknown) => calls.push([name, payload]));
  return calls;
}

const prices = (
  variants: Array<{ choices?: Record<string, string>; variant?: { priceData?: { price?: number } } }>,
) => variants.map((v) => [Object.values(v.choices ?? {}).join('/'), v.variant?.priceData?.price]);

const hasCostData = (product: Product) =>
  product.costAndProfitData !== undefined ||
  product.costRange !== undefined ||
  (product.variants ?? []).some((v) => v.variant?.costAndProfitData !== undefined);

const TEE_COST = {
  itemCost: 9,
  formattedItemCost: '$9.00',
  profit: 16,
  formattedProfit: '$16.00',
  profitMargin: 0.64,
};

describe('catalogue reads', () => {
  it('getProduct with includeMerchantSpecificData: the recorded request, and cost data for the merchant', async () => {
    const { h, merchant, apiKey } = setup();
    const { product } = await getProduct(merchant, TEE, { includeMerchantSpecificData: true });
    expectSameWire(h.last(), recorded('products.getProduct'), expect);
    expect(h.last().authorization).toBe(apiKey);
    expect(product.id).toBe(TEE);
    expect(product.name).toBe('Everyday Cotton Tee');
    expect(product.priceData).toEqual({
      currency: 'USD',
      price: 25,
      discountedPrice: 25,
      formatted: { price: '$25.00', discountedPrice: '$25.00' },
    });
    expect(product.priceRange).toEqual({ minValue: 25, maxValue: 27 });
    expect(product.costAndProfitData).toEqual(TEE_COST);
    expect(product.costRange).toEqual({ minValue: 9, maxValue: 9 });
    expect(product.variants).toHaveLength(12);
    expect(product.variants?.[0]?.variant?.costAndProfitData).toEqual(TEE_COST);
    expect(product.brand).toBe('Northwind');
    expect(product.ribbons).toEqual([{ text: 'Bestseller' }]);
  });

  it('getProduct without the flag, or by a visitor with it, carries no cost data', async () => {
    const { h, merchant } = setup();
    const withFlag = (await getProduct(merchant, TEE, { includeMerchantSpecificData: true })).product;
    const plain = (await getProduct(merchant, TEE)).product;
    expect(h.last().query).toBe(`id=${TEE}`);
    expect(hasCostData(plain)).toBe(false);

    const { client, tokens } = await h.visitor();
    const visitor = (await getProduct(client, TEE, { includeMerchantSpecificData: true })).product;
    expectSameWire(h.last(), recorded('products.getProduct'), expect);
    expect(h.last().authorization).toBe(tokens.access_token);
    expect(hasCostData(visitor)).toBe(false);
    expect(visitor).toEqual(plain);
    const { costAndProfitData: _c, costRange: _r, variants: _v, ...rest } = withFlag;
    const { variants: _pv, ...plainRest } = plain;
    expect(plainRest).toEqual(rest);
  });

  it('getProduct of an unknown product is one request and a 404 PRODUCT_NOT_FOUND; a malformed id a ValidationError', async () => {
    const { h, merchant } = setup();
    const sent = h.wire.length;
    const missing = await failure(getProduct(merchant, NO_PRODUCT));
    expect(h.wire.length).toBe(sent + 1);
    expect(missing).toBeInstanceOf(ApiError);
    expect([missing.status, missing.code, missing.message]).toEqual([
      404,
      'PRODUCT_NOT_FOUND',
      `Product ${NO_PRODUCT} not found`,
    ]);
    const malformed = await failure(getProduct(merchant, 'not-a-guid'));
    expect(malformed).toBeInstanceOf(ValidationError);
    expect(malformed.violations.map((v) => [v.field, v.violatedRule])).toEqual([['id', 'FORMAT']]);
  });

  it('queryProducts: the recorded builder request, its page, prev() and next()', async () => {
    const { h, merchant } = setup();
    const page = await queryProducts(merchant)
      .eq('collectionIds', ALL)
      .hasSome('productType', ['physical'])
      .gt('price', 5)
      .ascending('name')
      .limit(5)
      .skip(10)
      .find();
    expectSameWire(h.last(), recorded('products.queryProducts(builder).find'), expect);
    expect(page.items.map((p) => p.name)).toEqual(['Stoneware Mug', 'Waxed Canvas Tote']);
    expect([page.totalCount, page.pageSize, page.currentPage, page.totalPages]).toEqual([12, 5, 2, 3]);
    expect([page.hasNext(), page.hasPrev()]).toEqual([false, true]);
    // Query results carry no variants and no cost data unless asked.
    expect(page.items.every((p) => p.variants === undefined && p.costAndProfitData === undefined)).toBe(true);

    const sent = h.wire.length;
    await expect(page.next()).rejects.toThrow(new StorefrontError('No next page to fetch'));
    expect(h.wire.length).toBe(sent);

    const middle = await page.prev();
    const dotR = h.last().queryDotR as { query: { paging: unknown; sort: unknown; filter: unknown } };
    const recordedDotR = recorded('products.queryProducts(builder).find').queryDotR as typeof dotR;
    expect(dotR.query.paging).toEqual({ offset: 5, limit: 5 });
    expect(dotR.query.filter).toEqual(recordedDotR.query.filter);
    expect(dotR.query.sort).toEqual(recordedDotR.query.sort);
    expect(middle.items.map((p) => p.name)).toEqual([
      'Merino Wool Beanie',
      'Polarized Sunglasses',
      'Pothos in a Ceramic Pot',
      'Running Socks (3-pack)',
      'Soy Wax Candle',
    ]);
    const last = await middle.next();
    expect(last.items.map((p) => p.name)).toEqual(['Stoneware Mug', 'Waxed Canvas Tote']);
  });

  it('queryProducts with includeVariants and includeMerchantSpecificData: variants for all, cost data for the merchant only', async () => {
    const { h, merchant } = setup();
    const flags = { includeVariants: true, includeMerchantSpecificData: true };
    const asMerchant = await queryProducts(merchant, flags).eq('id', TEE).find();
    expect(h.last().queryDotR).toEqual({
      query: { filter: { id: TEE }, paging: { offset: 0, limit: 50 } },
      includeVariants: true,
      includeMerchantSpecificData: true,
    });
    expect(asMerchant.items[0]?.variants).toHaveLength(12);
    expect(asMerchant.items[0]?.costAndProfitData).toEqual(TEE_COST);
    expect(asMerchant.items[0]?.variants?.[11]?.variant?.costAndProfitData?.itemCost).toBe(9);
    const { client } = await h.visitor();
    const asVisitor = await queryProducts(client, flags).eq('id', TEE).find();
    expect(asVisitor.items[0]?.variants).toHaveLength(12);
    expect(hasCostData(asVisitor.items[0] as Product)).toBe(false);
  });

  it('queryProducts(typed): the recorded `.r`; nothing starts with "Tee"', async () => {
    const { h, merchant } = setup();
    const page = await queryProducts(merchant).startsWith('name', 'Tee').limit(2).find();
    expectSameWire(h.last(), recorded('products.queryProducts(typed)'), expect);
    expect(page.items).toEqual([]);
    expect([page.totalCount, page.hasNext()]).toEqual([0, false]);
    const everyday = await queryProducts(merchant).startsWith('name', 'every').find();
    expect(everyday.items.map((p) => p.id)).toEqual([TEE]);
  });

  it('a query over 4000 characters goes as the recorded POST and finds the same items as the short GET', async () => {
    const { h, merchant, state } = setup();
    const fallback = recorded('products.queryProducts(builder, >4000 chars -> fallback)');
    const recordedQuery = (fallback.body as { query: { filter: { id: { $in: string[] } } } }).query;
    const none = await queryProducts(merchant).in('id', recordedQuery.filter.id.$in).limit(50).skip(0).find();
    expectSameWire(h.last(), fallback, expect);
    expect(h.last().query).toBe('');
    expect(none.items).toEqual([]);

    const real = [...state().products.keys()];
    const padding = recordedQuery.filter.id.$in.slice(0, 110);
    const long = await queryProducts(merchant)
      .in('id', [...real, ...padding])
      .ascending('name')
      .limit(20)
      .find();
    expect(h.last()).toMatchObject({
      method: 'POST',
      path: '/stores-reader/v1/products/query-platformized',
      contentType: 'application/json',
      query: '',
    });
    expect(h.last().body).toEqual({
      query: {
        filter: { id: { $in: [...real, ...padding] } },
        paging: { offset: 0, limit: 20 },
        sort: [{ fieldName: 'name', order: 'ASC' }],
      },
    });
    const short = await queryProducts(merchant).in('id', real).ascending('name').limit(20).find();
    expect(h.last().method).toBe('GET');
    expect(h.last().queryDotR).toEqual({
      query: {
        filter: { id: { $in: real } },
        paging: { offset: 0, limit: 20 },
        sort: [{ fieldName: 'name', order: 'ASC' }],
      },
    });
    expect(long.items).toHaveLength(14);
    expect(long.items).toEqual(short.items);
    expect(long.totalCount).toBe(14);
  });

  it('retries a read once after a 503 and then throws the 503; a write is sent exactly once', async () => {
    const { h, merchant, state } = setup();
    const events = listen(merchant);
    const settings = await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 1 } });
    expect(settings.status).toBe(200);

    let sent = h.wire.length;
    const read = await failure(getProduct(merchant, TEE));
    expect(h.wire.length - sent).toBe(2);
    expect(h.wire.slice(sent).map((w) => `${w.method} ${w.path}?${w.query}`)).toEqual([
      `GET /stores-reader/v1/products/${TEE}?id=${TEE}`,
      `GET /stores-reader/v1/products/${TEE}?id=${TEE}`,
    ]);
    expect(read).toBeInstanceOf(ApiError);
    expect([read.status, read.code]).toEqual([503, 'SANDBOX_SIMULATED_FAILURE']);
    expect(read.requestId).toEqual(expect.any(String));

    sent = h.wire.length;
    expect((await failure(queryProducts(merchant).limit(1).find())).status).toBe(503);
    expect(h.wire.length - sent).toBe(2);

    sent = h.wire.length;
    const write = await failure(
      createProduct(merchant, { name: 'Once', productType: 'digital', priceData: { price: 1 } }),
    );
    expect(h.wire.length - sent).toBe(1);
    expect([write.status, write.code]).toEqual([503, 'SANDBOX_SIMULATED_FAILURE']);
    expect(state().products.size).toBe(14);
    expect(events).toEqual([]);

    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 0 } });
    expect((await getProduct(merchant, TEE)).product.id).toBe(TEE);
  });

  it('a dropped connection is retried once for a read, then a SystemError', async () => {
    const { h, merchant } = setup();
    await h.call('PATCH', '/_sandbox/settings', { body: { dropRate: 1 } });
    const sent = h.wire.length;
    const error = await getProduct(merchant, TEE).catch((e: unknown) => e);
    expect(h.wire.length - sent).toBe(2);
    expect(error).toBeInstanceOf(SystemError);
    expect(isSystemError(error)).toBe(true);
    expect((error as SystemError).message).toBe('System error occurred');
  });

  it('collections by slug (v1 reader and v2), by id, and by query: the recorded requests and the same collection', async () => {
    const { h, collectionId } = setup();
    const { client } = await h.visitor();
    const summerId = collectionId('summer');

    const v1 = await getCollectionBySlugV1(client, 'summer');
    expectSameWire(h.last(), recorded('products.getCollectionBySlug'), expect);
    expect(v1.collection).toMatchObject({
      id: summerId,
      name: 'Summer',
      slug: 'summer',
      description: 'Light layers and sunny-day essentials.',
      visible: true,
      numberOfProducts: 4,
    });
    expect(v1.collection.media?.mainMedia?.image?.url).toBe(
      'https://sandbox.test/_sandbox/media/collection-summer.svg',
    );

    const v2 = await getCollectionBySlug(client, 'summer');
    expectSameWire(h.last(), recorded('collections.getCollectionBySlug'), expect);
    expect(v2).toEqual(v1);

    const all = await getCollection(client, ALL);
    expectSameWire(h.last(), recorded('collections.getCollection'), expect);
    expect(all.collection).toEqual({
      id: ALL,
      name: 'All Products',
      slug: 'all-products',
      description: 'Everything in the shop.',
      visible: true,
      media: { items: [] },
      numberOfProducts: 14,
    });
    expect((await getCollection(client, summerId)).collection).toEqual(v1.collection);

    const page = await queryCollections(client).eq('name', 'Summer').limit(10).find();
    expectSameWire(h.last(), recorded('collections.queryCollections(builder).find'), expect);
    expect(page.items).toEqual([v1.collection]);
    expect(page.totalCount).toBe(1);

    const missing = await failure(getCollectionBySlug(client, 'winter'));
    expect([missing.status, missing.code]).toEqual([404, 'COLLECTION_NOT_FOUND']);
    expect((await failure(getCollectionBySlugV1(client, 'winter'))).code).toBe('COLLECTION_NOT_FOUND');
  });

  it('queryCollections sorts and pages with next()', async () => {
    const { h, merchant } = setup();
    const first = await queryCollections(merchant).ascending('name').limit(4).find();
    expect(h.last().queryDotR).toEqual({
      query: { filter: {}, paging: { offset: 0, limit: 4 }, sort: [{ fieldName: 'name', order: 'ASC' }] },
    });
    expect(first.items.map((c) => c.name)).toEqual([
      'Accessories',
      'All Products',
      'Apparel',
      'Digital Downloads',
    ]);
    expect([first.totalCount, first.hasNext()]).toEqual([6, true]);
    const second = await first.next();
    expect(second.items.map((c) => c.name)).toEqual(['Home Goods', 'Summer']);
    const sent = h.wire.length;
    await expect(second.next()).rejects.toThrow('No next page to fetch');
    expect(h.wire.length).toBe(sent);
  });

  it('getProductOptionsAvailability: the recorded request; a full choice names the variant, a partial one does not', async () => {
    const { h, productId } = setup();
    const { client } = await h.visitor();

    // The recording's "M" is no name of the tee's: its sizes go by their descriptions.
    const red = await failure(getProductOptionsAvailability(client, TEE, { Size: 'M', Color: 'Red' }));
    expectSameWire(h.last(), recorded('products.getProductOptionsAvailability'), expect);
    expect(red).toBeInstanceOf(ValidationError);
    expect(red.violations).toEqual([
      {
        field: 'options.Color',
        description: '"Red" is not a choice of Color; its choices are White, Black, Navy',
        violatedRule: 'VALIDATION',
      },
      {
        field: 'options.Size',
        description: '"M" is not a choice of Size; its choices are Small, Medium, Large, Extra large',
        violatedRule: 'VALIDATION',
      },
    ]);
    const byCode = await failure(getProductOptionsAvailability(client, TEE, { Color: '#1F2A44' }));
    expect(byCode.violations[0]?.description).toBe(
      '"#1F2A44" is not a choice of Color; its choices are White, Black, Navy ("#1F2A44" is the value of Navy: name it by its description)',
    );

    const navy = await getProductOptionsAvailability(client, TEE, { Size: 'Medium', Color: 'Navy' });
    expect(h.last().body).toEqual({ id: TEE, options: { Size: 'Medium', Color: 'Navy' } });
    expect(navy.availableForPurchase).toBe(true);
    expect(navy.selectedVariant).toMatchObject({
      sku: 'NW-TEE-M-NAVY',
      quantity: 25,
      inStock: true,
      visible: true,
    });
    expect(navy.selectedVariant?.price?.price).toBe(25);
    expect(navy.media?.mainMedia?.image?.url).toBe(
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-navy.svg',
    );

    const xl = await getProductOptionsAvailability(client, TEE, { Size: 'Extra large' });
    expect(xl.selectedVariant).toBeUndefined();
    expect(xl.availableForPurchase).toBe(false);

    const beanie = productId('wool-beanie');
    const mustard = await getProductOptionsAvailability(client, beanie, { Color: 'Mustard' });
    expect(mustard.selectedVariant).toMatchObject({ quantity: 0, inStock: false });
    expect(mustard.availableForPurchase).toBe(false);
    expect(mustard.productOptions?.[0]?.choices?.map((c) => [c.description, c.value, c.inStock])).toEqual([
      ['Charcoal', '#3A3D42', true],
      ['Mustard', '#D9A62E', false],
      ['Forest', '#2E5E3E', true],
    ]);
  });

  it('queryProductVariants: the recorded request; the variants of a choice, cost data for the merchant only', async () => {
    const { h, merchant } = setup();
    const { client } = await h.visitor();
    const res = await queryProductVariants(client, TEE, {
      choices: { Size: 'Medium' },
      paging: { limit: 10, offset: 0 },
    });
    expectSameWire(h.last(), withValues(recorded('products.queryProductVariants'), { M: 'Medium' }), expect);
    expect(res.variants.map((v) => v.choices)).toEqual([
      { Size: 'Medium', Color: 'White' },
      { Size: 'Medium', Color: 'Black' },
      { Size: 'Medium', Color: 'Navy' },
    ]);
    expect(res.totalResults).toBe(3);
    expect(res.metadata).toEqual({ items: 10, offset: 0 });
    expect(res.variants.every((v) => v.variant?.costAndProfitData === undefined)).toBe(true);

    const visitorAsks = await queryProductVariants(client, TEE, {
      choices: { Size: 'Medium' },
      includeMerchantSpecificData: true,
    });
    expect(visitorAsks.variants.every((v) => v.variant?.costAndProfitData === undefined)).toBe(true);
    const merchantAsks = await queryProductVariants(merchant, TEE, {
      variantIds: [res.variants[0]?.id as string],
      includeMerchantSpecificData: true,
    });
    expect(h.last().body).toEqual({
      id: TEE,
      variantIds: [res.variants[0]?.id],
      includeMerchantSpecificData: true,
    });
    expect(merchantAsks.variants).toHaveLength(1);
    expect(merchantAsks.variants[0]?.variant?.costAndProfitData).toEqual(TEE_COST);
  });

  it('queryStoreVariants: the recorded request, paging metadata and next(); getStoreVariant by id', async () => {
    const { h } = setup();
    const { client } = await h.visitor();
    const first = await queryStoreVariants(client, { filter: { productId: TEE }, paging: { limit: 10 } });
    expectSameWire(h.last(), recorded('products.queryStoreVariants'), expect);
    expect(first.items).toHaveLength(10);
    expect([first.totalCount, first.totalPages, first.hasNext(), first.hasPrev()]).toEqual([
      12,
      2,
      true,
      false,
    ]);
    expect(first.items[0]).toMatchObject({
      id: `${TEE}-00000000-0000-0001-0005-afec4be8562a`,
      variantId: '00000000-0000-0001-0005-afec4be8562a',
      productId: TEE,
      variantName: 'Small / White',
      productName: 'Everyday Cotton Tee',
      managedVariant: true,
      sku: 'NW-TEE-S-WHITE',
      stock: { trackQuantity: true, quantity: 25, inStock: true },
      choices: { Size: 'Small', Color: 'White' },
      media: { image: 'https://sandbox.test/_sandbox/media/everyday-cotton-tee-white.svg' },
    });

    const second = await first.next();
    expect(h.last().body).toEqual({
      query: { filter: { productId: TEE }, paging: { offset: 10, limit: 10 } },
    });
    expect(second.items.map((v) => v.variantName)).toEqual(['Extra large / Black', 'Extra large / Navy']);
    expect([second.hasNext(), second.hasPrev()]).toEqual([false, true]);
    const sent = h.wire.length;
    await expect(second.next()).rejects.toThrow('No next page to fetch');
    expect(h.wire.length).toBe(sent);

    const one = await getStoreVariant(client, first.items[0]?.id as string);
    expect(h.last().query).toBe(`id=${first.items[0]?.id}`);
    expect(one.variant).toEqual(first.items[0]);

    const none = await failure(getStoreVariant(client, `${TEE}-${DEFAULT_VARIANT}`));
    expectSameWire(h.last(), recorded('products.getStoreVariant'), expect);
    expect([none.status, none.code]).toEqual([404, 'VARIANT_NOT_FOUND']);
  });
});

describe('catalogue writes', () => {
  it('createProduct: the recorded request; the product reads back and product.created fires', async () => {
    const { h, merchant, state } = setup();
    const events = listen(merchant);
    const res = await createProduct(merchant, {
      name: 'Tee',
      productType: 'physical',
      priceData: { price: 19.99 },
      description: 'Soft cotton tee',
      sku: 'TEE-1',
      visible: true,
      weight: 0.2,
      productOptions: [{ name: 'Size', choices: [{ value: 'M', description: 'Medium' }] }],
    });
    expectSameWire(h.last(), recorded('products.createProduct'), expect);
    const id = res.product.id as string;
    expect(res.product).toMatchObject({
      name: 'Tee',
      slug: 'tee',
      productType: 'physical',
      description: 'Soft cotton tee',
      sku: 'TEE-1',
      weight: 0.2,
      visible: true,
      collectionIds: [ALL],
      createdDate: NOW,
      lastUpdated: NOW,
    });
    expect(res.product.priceData?.price).toBe(19.99);
    expect(res.product.variants?.map((v) => [v.choices, v.variant?.priceData?.price])).toEqual([
      [{ Size: 'Medium' }, 19.99],
    ]);
    expect(state().products.size).toBe(15);
    expect((await getProduct(merchant, id, { includeMerchantSpecificData: true })).product).toEqual(
      res.product,
    );
    const { client } = await h.visitor();
    const found = await queryProducts(client).eq('slug', 'tee').find();
    expect(found.items.map((p) => p.id)).toEqual([id]);
    expect(events).toEqual([['product.created', { product: res.product }]]);
  });

  it('createProduct refuses a negative price with a ValidationError naming the field and DECIMAL_GTE', async () => {
    const { h, merchant, state } = setup();
    const events = listen(merchant);
    const error = await failure(
      createProduct(merchant, { name: 'Bad', productType: 'physical', priceData: { price: -1 } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code]).toEqual([400, 'INVALID_ARGUMENT']);
    expect(error.violations).toEqual([
      { field: 'product.priceData.price', description: 'must be at least 0', violatedRule: 'DECIMAL_GTE' },
    ]);
    expect(error.message.startsWith('INVALID_ARGUMENT: "')).toBe(true);
    expect(error.message).toMatch(/^INVALID_ARGUMENT: "product\.priceData\.price" must be at least 0/);

    // Several violations come sorted by field.
    const many = await failure(createProduct(merchant, { priceData: { price: -5 }, weight: -1 }));
    expect(many.violations.map((v) => [v.field, v.violatedRule])).toEqual([
      ['product.name', 'REQUIRED_FIELD'],
      ['product.priceData.price', 'DECIMAL_GTE'],
      ['product.productType', 'REQUIRED_FIELD'],
      ['product.weight', 'DECIMAL_GTE'],
    ]);
    expect(many.message).toMatch(
      /^INVALID_ARGUMENT: "product\.name" is required, "product\.priceData\.price"/,
    );
    expect(h.last().body).toEqual({ product: { priceData: { price: -5 }, weight: -1 } });
    expect(state().products.size).toBe(14);
    expect(events).toEqual([]);
  });

  it('updateProduct: the recorded request; name and price read back, variants that followed the price move', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    const res = await updateProduct(merchant, TEE, { name: 'Tee v2', priceData: { price: 24.5 } });
    expectSameWire(h.last(), recorded('products.updateProduct'), expect);
    const { product } = await getProduct(merchant, TEE);
    expect(product.name).toBe('Tee v2');
    expect(product.priceData?.price).toBe(24.5);
    expect(product.lastUpdated).toBe(NOW);
    const variants = await queryProductVariants(merchant, TEE, { choices: { Color: 'White' } });
    expect(prices(variants.variants)).toEqual([
      ['Small/White', 24.5],
      ['Medium/White', 24.5],
      ['Large/White', 24.5],
      ['Extra large/White', 27],
    ]);
    expect(events).toEqual([['product.updated', { productId: TEE, product: res.product }]]);
    expect(res.product.name).toBe('Tee v2');

    const taken = await failure(updateProduct(merchant, TEE, { slug: 'linen-shirt' }));
    expect([taken.status, taken.code]).toEqual([409, 'SLUG_ALREADY_EXISTS']);
    const negative = await failure(updateProduct(merchant, TEE, { priceData: { price: -1 } }));
    expect(negative.violations[0]).toMatchObject({
      field: 'product.priceData.price',
      violatedRule: 'DECIMAL_GTE',
    });
    expect((await getProduct(merchant, TEE)).product.priceData?.price).toBe(24.5);
    expect(events).toHaveLength(1);
  });

  it('updateProduct visible:false hides the product from visitors but not from the merchant', async () => {
    const { h, merchant } = setup();
    await updateProduct(merchant, TEE, { visible: false });
    const { client } = await h.visitor();
    expect((await failure(getProduct(client, TEE))).code).toBe('PRODUCT_NOT_FOUND');
    const visitorPage = await queryProducts(client).find();
    expect(visitorPage.totalCount).toBe(13);
    expect(visitorPage.items.some((p) => p.id === TEE)).toBe(false);
    expect((await getProduct(merchant, TEE)).product.visible).toBe(false);
    const merchantPage = await queryProducts(merchant, { includeHiddenProducts: true }).find();
    expect(h.last().queryDotR).toEqual({
      query: { filter: {}, paging: { offset: 0, limit: 50 } },
      includeHiddenProducts: true,
    });
    expect(merchantPage.totalCount).toBe(14);
  });

  it('deleteProduct: the recorded request; the product is gone and product.deleted fires once', async () => {
    const { h, merchant, state } = setup();
    const events = listen(merchant);
    await deleteProduct(merchant, TEE);
    expectSameWire(h.last(), recorded('products.deleteProduct'), expect);
    expect((await failure(getProduct(merchant, TEE))).code).toBe('PRODUCT_NOT_FOUND');
    expect(state().products.size).toBe(13);
    expect((await getCollection(merchant, ALL)).collection.numberOfProducts).toBe(13);
    expect(events).toEqual([['product.deleted', { productId: TEE }]]);
    expect((await failure(deleteProduct(merchant, TEE))).status).toBe(404);
    expect(events).toHaveLength(1);
  });

  it('updateProductVariants and resetAllProductVariantData: the recorded requests; prices read back', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    const res = await updateProductVariants(merchant, TEE, [
      { choices: { Size: 'Medium' }, price: 21, visible: true },
    ]);
    expectSameWire(h.last(), withValues(recorded('products.updateProductVariants'), { M: 'Medium' }), expect);
    const { client } = await h.visitor();
    const white = await queryProductVariants(client, TEE, { choices: { Color: 'White' } });
    expect(prices(white.variants)).toEqual([
      ['Small/White', 25],
      ['Medium/White', 21],
      ['Large/White', 25],
      ['Extra large/White', 27],
    ]);
    expect(
      prices((await queryProductVariants(client, TEE, { choices: { Size: 'Medium' } })).variants),
    ).toEqual([
      ['Medium/White', 21],
      ['Medium/Black', 21],
      ['Medium/Navy', 21],
    ]);
    expect(events).toEqual([['variants.updated', { productId: TEE, variants: res.variants }]]);
    expect(res.variants).toHaveLength(12);

    const bad = await failure(
      updateProductVariants(merchant, TEE, [{ choices: { Color: 'Red' }, price: 1 }]),
    );
    expect(bad).toBeInstanceOf(ValidationError);
    expect(bad.violations[0]?.field).toBe('variants[0].choices.Color');
    const negative = await failure(
      updateProductVariants(merchant, TEE, [{ choices: { Size: 'Small' }, price: -2 }]),
    );
    expect(negative.violations[0]).toMatchObject({ field: 'variants[0].price', violatedRule: 'DECIMAL_GTE' });
    expect(events).toHaveLength(1);

    await resetAllProductVariantData(merchant, TEE);
    expectSameWire(h.last(), recorded('products.resetAllProductVariantData'), expect);
    expect(
      prices((await queryProductVariants(client, TEE, { choices: { Color: 'White' } })).variants),
    ).toEqual([
      ['Small/White', 25],
      ['Medium/White', 25],
      ['Large/White', 25],
      ['Extra large/White', 25],
    ]);
    expect(events[1]).toEqual(['variants.updated', { productId: TEE }]);
  });

  it('addProductsToCollection and removeProductsFromCollection: All Products is refused; others read back', async () => {
    const { h, merchant, collectionId } = setup();
    const events = listen(merchant);
    const add = await failure(addProductsToCollection(merchant, ALL, [TEE, NO_PRODUCT]));
    expectSameWire(h.last(), recorded('products.addProductsToCollection'), expect);
    expect([add.status, add.code]).toEqual([400, 'ALL_PRODUCTS_COLLECTION_NOT_EDITABLE']);
    const remove = await failure(removeProductsFromCollection(merchant, ALL, [TEE]));
    expectSameWire(h.last(), recorded('products.removeProductsFromCollection'), expect);
    expect(remove.code).toBe('ALL_PRODUCTS_COLLECTION_NOT_EDITABLE');
    expect(events).toEqual([]);

    const home = collectionId('home-goods');
    expect((await getCollection(merchant, home)).collection.numberOfProducts).toBe(3);
    const unknown = await failure(addProductsToCollection(merchant, home, [TEE, NO_PRODUCT]));
    expect([unknown.status, unknown.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect((await getProduct(merchant, TEE)).product.collectionIds).not.toContain(home);

    await addProductsToCollection(merchant, home, [TEE]);
    expect(h.last()).toMatchObject({ method: 'POST', path: `/stores/v1/collections/${home}/productIds` });
    expect(h.last().body).toEqual({ id: home, productIds: [TEE] });
    expect((await getProduct(merchant, TEE)).product.collectionIds).toContain(home);
    expect((await getCollection(merchant, home)).collection.numberOfProducts).toBe(4);
    const inHome = await queryProducts(merchant).eq('collectionIds', home).ascending('name').find();
    expect(inHome.items.map((p) => p.name)).toEqual([
      'Everyday Cotton Tee',
      'Pothos in a Ceramic Pot',
      'Soy Wax Candle',
      'Stoneware Mug',
    ]);

    const summer = collectionId('summer');
    await removeProductsFromCollection(merchant, summer, [TEE]);
    expect(h.last()).toMatchObject({
      method: 'POST',
      path: `/stores/v1/collections/${summer}/productIds/delete`,
    });
    expect(h.last().body).toEqual({ id: summer, productIds: [TEE] });
    expect((await getProduct(merchant, TEE)).product.collectionIds).toEqual([
      ALL,
      collectionId('apparel'),
      home,
    ]);
    expect((await getCollectionBySlug(merchant, 'summer')).collection.numberOfProducts).toBe(3);
    expect(events).toEqual([
      ['collection.updated', { collectionId: home }],
      ['collection.updated', { collectionId: summer }],
    ]);
  });

  it('addProductMedia and removeProductMedia: the recorded requests; media read back on the product and its choice', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    const red = await failure(
      addProductMedia(merchant, TEE, [
        { url: 'https://static.wixstatic.com/media/abc.jpg', choice: { option: 'Color', choice: 'Red' } },
      ]),
    );
    expectSameWire(h.last(), recorded('products.addProductMedia'), expect);
    expect(red).toBeInstanceOf(ValidationError);
    expect(red.violations).toEqual([
      {
        field: 'media[0].choice.choice',
        description: '"Red" is not a choice of Color',
        violatedRule: 'VALIDATION',
      },
    ]);

    await addProductMedia(merchant, TEE, [
      { url: 'https://static.wixstatic.com/media/abc.jpg', choice: { option: 'Color', choice: 'Navy' } },
    ]);
    expect(h.last().body).toEqual({
      id: TEE,
      media: [
        { url: 'https://static.wixstatic.com/media/abc.jpg', choice: { option: 'Color', choice: 'Navy' } },
      ],
    });
    let { product } = await getProduct(merchant, TEE);
    expect(product.media?.items?.map((m) => m.image?.url)).toEqual([
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee.svg',
      'https://static.wixstatic.com/media/abc.jpg',
    ]);
    const added = product.media?.items?.[1]?.id as string;
    const navy = () => product.productOptions?.[1]?.choices?.find((c) => c.description === 'Navy');
    expect(navy()?.media?.items?.map((m) => m.id)).toContain(added);
    expect(events).toEqual([['product.updated', { productId: TEE }]]);

    const missing = await failure(removeProductMedia(merchant, TEE, ['media-1']));
    expectSameWire(h.last(), recorded('products.removeProductMedia'), expect);
    expect([missing.status, missing.code]).toEqual([404, 'MEDIA_NOT_FOUND']);
    expect(events).toHaveLength(1);

    await removeProductMedia(merchant, TEE, [added]);
    expect(h.last().body).toEqual({ id: TEE, mediaIds: [added] });
    ({ product } = await getProduct(merchant, TEE));
    expect(product.media?.items?.map((m) => m.image?.url)).toEqual([
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee.svg',
    ]);
    expect(navy()?.media?.items?.map((m) => m.id)).not.toContain(added);
    expect(navy()?.media?.items).toHaveLength(1);
    expect(events).toHaveLength(2);
  });

  it('addProductMedia takes platform media URIs (WIRE.md 13) and refuses other schemes', async () => {
    const { merchant } = setup();
    await addProductMedia(merchant, TEE, [
      { url: 'wix:image://v1/11062b_abc~mv2.jpg/tee.jpg#originWidth=800&originHeight=600' },
      {
        url: 'wix:video://v1/11062b_vid/clip.mp4#posterUri=11062b_post~mv2.jpg&posterWidth=640&posterHeight=360',
      },
    ]);
    const items = (await getProduct(merchant, TEE)).product.media?.items ?? [];
    expect(items.slice(1)).toEqual([
      {
        id: '11062b_abc~mv2.jpg',
        title: 'tee.jpg',
        mediaType: 'image',
        image: { url: 'https://static.wixstatic.com/media/11062b_abc~mv2.jpg', width: 800, height: 600 },
        thumbnail: { url: 'https://static.wixstatic.com/media/11062b_abc~mv2.jpg', width: 800, height: 600 },
      },
      {
        id: '11062b_vid',
        title: 'clip.mp4',
        mediaType: 'video',
        video: {
          files: [
            { url: 'https://video.wixstatic.com/video/11062b_vid', width: 640, height: 360, format: 'mp4' },
          ],
          stillFrameMediaId: '11062b_post~mv2.jpg',
        },
        thumbnail: { url: 'https://static.wixstatic.com/media/11062b_post~mv2.jpg', width: 640, height: 360 },
      },
    ]);
    const script = await failure(addProductMedia(merchant, TEE, [{ url: 'javascript:alert(1)' }]));
    expect(script).toBeInstanceOf(ValidationError);
    expect(script.violations.map((v) => [v.field, v.violatedRule])).toEqual([['media[0].url', 'FORMAT']]);
    expect((await getProduct(merchant, TEE)).product.media?.items).toHaveLength(3);
  });

  it('addProductMediaToChoices and removeProductMediaFromChoices: the recorded requests; choice media read back', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    const main = (await getProduct(merchant, TEE)).product.media?.items?.[0]?.id as string;
    expect(main).toEqual(expect.any(String));

    const red = await failure(
      addProductMediaToChoices(merchant, TEE, [{ option: 'Color', choice: 'Red', mediaIds: ['media-1'] }]),
    );
    expectSameWire(h.last(), recorded('products.addProductMediaToChoices'), expect);
    expect(red).toBeInstanceOf(ValidationError);
    expect(red.violations[0]?.field).toBe('media[0].choice');
    const redOff = await failure(
      removeProductMediaFromChoices(merchant, TEE, [
        { option: 'Color', choice: 'Red', mediaIds: ['media-1'] },
      ]),
    );
    expectSameWire(h.last(), recorded('products.removeProductMediaFromChoices'), expect);
    expect(redOff).toBeInstanceOf(ValidationError);
    expect(events).toEqual([]);

    await addProductMediaToChoices(merchant, TEE, [{ option: 'Color', choice: 'White', mediaIds: [main] }]);
    expect(h.last()).toMatchObject({ method: 'PATCH', path: `/stores/v1/products/${TEE}/choices/media` });
    const { client } = await h.visitor();
    const white = await getProductOptionsAvailability(client, TEE, { Color: 'White' });
    expect(white.media?.items?.map((m) => m.image?.url)).toEqual([
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-white.svg',
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee.svg',
    ]);

    await removeProductMediaFromChoices(merchant, TEE, [
      { option: 'Color', choice: 'White', mediaIds: [main] },
    ]);
    expect(h.last()).toMatchObject({
      method: 'POST',
      path: `/stores/v1/products/${TEE}/choices/media/delete`,
    });
    expect(h.last().body).toEqual({
      id: TEE,
      media: [{ option: 'Color', choice: 'White', mediaIds: [main] }],
    });
    const after = await getProductOptionsAvailability(client, TEE, { Color: 'White' });
    expect(after.media?.items?.map((m) => m.image?.url)).toEqual([
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-white.svg',
    ]);
    // The product keeps the media item itself.
    expect((await getProduct(merchant, TEE)).product.media?.items?.map((m) => m.id)).toEqual([main]);
    expect(events).toEqual([
      ['product.updated', { productId: TEE }],
      ['product.updated', { productId: TEE }],
    ]);
  });

  it('deleteProductOptions: the recorded request; one default variant with the summed stock remains', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    await deleteProductOptions(merchant, TEE);
    expectSameWire(h.last(), recorded('products.deleteProductOptions'), expect);
    const { product } = await getProduct(merchant, TEE);
    expect(product.productOptions).toEqual([]);
    expect(product.manageVariants).toBe(false);
    expect(product.variants?.map((v) => [v.id, v.choices, v.stock])).toEqual([
      [DEFAULT_VARIANT, {}, { trackQuantity: true, quantity: 300, inStock: true }],
    ]);
    const variants = await queryStoreVariants(merchant, { filter: { productId: TEE } });
    expect(variants.items.map((v) => v.variantName)).toEqual(['Everyday Cotton Tee']);
    expect((await getStoreVariant(merchant, `${TEE}-${DEFAULT_VARIANT}`)).variant.variantId).toBe(
      DEFAULT_VARIANT,
    );
    expect(events).toEqual([['product.updated', { productId: TEE }]]);
  });

  it('removeBrand and removeRibbon: the recorded requests; the fields are gone on a later read and query', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    await removeBrand(merchant, TEE);
    expectSameWire(h.last(), recorded('products.removeBrand'), expect);
    await removeRibbon(merchant, TEE);
    expectSameWire(h.last(), recorded('products.removeRibbon'), expect);
    const { product } = await getProduct(merchant, TEE);
    expect(product.brand).toBeUndefined();
    expect(product.ribbon).toBeUndefined();
    expect(product.ribbons).toEqual([]);
    const northwind = await queryProducts(merchant).eq('brand', 'Northwind').find();
    expect(northwind.totalCount).toBe(5);
    expect(northwind.items.some((p) => p.id === TEE)).toBe(false);
    expect(events).toEqual([
      ['product.updated', { productId: TEE }],
      ['product.updated', { productId: TEE }],
    ]);
    expect((await failure(removeBrand(merchant, NO_PRODUCT))).code).toBe('PRODUCT_NOT_FOUND');
    expect(events).toHaveLength(2);
  });

  it('createCollection: the recorded request (its slug is taken: 409); a new one reads back', async () => {
    const { h, merchant, state } = setup();
    const events = listen(merchant);
    const taken = await failure(
      createCollection(merchant, { name: 'Summer', description: 'Summer picks', slug: 'summer' }),
    );
    expectSameWire(h.last(), recorded('products.createCollection'), expect);
    expect([taken.status, taken.code]).toEqual([409, 'SLUG_ALREADY_EXISTS']);
    expect(state().collections.size).toBe(6);
    expect(events).toEqual([]);

    const res = await createCollection(merchant, {
      name: 'Winter',
      description: 'Cold-day picks',
      slug: 'winter',
    });
    expect(h.last().body).toEqual({
      collection: { name: 'Winter', description: 'Cold-day picks', slug: 'winter' },
    });
    expect(res.collection).toMatchObject({
      name: 'Winter',
      slug: 'winter',
      description: 'Cold-day picks',
      visible: true,
      numberOfProducts: 0,
    });
    const { client } = await h.visitor();
    expect((await getCollectionBySlug(client, 'winter')).collection).toEqual(res.collection);
    expect((await getCollection(client, res.collection.id as string)).collection.name).toBe('Winter');
    expect(events).toEqual([['collection.created', { collection: res.collection }]]);

    const invalid = await failure(createCollection(merchant, { description: 'no name' }));
    expect(invalid.violations).toEqual([
      { field: 'collection.name', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
    expect(events).toHaveLength(1);
  });

  it('updateCollection: the recorded request; the change reads back', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    const res = await updateCollection(merchant, ALL, { name: 'Summer 24', visible: true });
    expectSameWire(h.last(), recorded('products.updateCollection'), expect);
    expect(res.collection).toMatchObject({ id: ALL, name: 'Summer 24', slug: 'all-products', visible: true });
    const { client } = await h.visitor();
    expect((await getCollection(client, ALL)).collection.name).toBe('Summer 24');
    expect(events).toEqual([['collection.updated', { collectionId: ALL, collection: res.collection }]]);
    const taken = await failure(updateCollection(merchant, ALL, { slug: 'summer' }));
    expect([taken.status, taken.code]).toEqual([409, 'SLUG_ALREADY_EXISTS']);
    expect(events).toHaveLength(1);
  });

  it('deleteCollection: the recorded request (All Products is refused); another is gone from collection and products', async () => {
    const { h, merchant, collectionId } = setup();
    const events = listen(merchant);
    const refused = await failure(deleteCollection(merchant, ALL));
    expectSameWire(h.last(), recorded('products.deleteCollection'), expect);
    expect([refused.status, refused.code]).toEqual([400, 'ALL_PRODUCTS_COLLECTION_NOT_EDITABLE']);
    expect(events).toEqual([]);

    const summer = collectionId('summer');
    await deleteCollection(merchant, summer);
    expect(h.last()).toMatchObject({
      method: 'DELETE',
      path: `/stores/v1/collections/${summer}`,
      query: `id=${summer}`,
    });
    expect((await failure(getCollection(merchant, summer))).code).toBe('COLLECTION_NOT_FOUND');
    expect((await failure(getCollectionBySlug(merchant, 'summer'))).code).toBe('COLLECTION_NOT_FOUND');
    expect((await getProduct(merchant, TEE)).product.collectionIds).toEqual([ALL, collectionId('apparel')]);
    expect((await queryProducts(merchant).eq('collectionIds', summer).find()).items).toEqual([]);
    expect(events).toEqual([['collection.deleted', { collectionId: summer }]]);
  });

  it('bulkUpdateProductsProperty: the recorded request; per-item results; the price reads back', async () => {
    const { h, merchant } = setup();
    const events = listen(merchant);
    const res = await bulkUpdateProductsProperty(merchant, [TEE, NO_PRODUCT], { price: 10 });
    expectSameWire(h.last(), recorded('products.bulkUpdateProductsProperty'), expect);
    expect(res.results).toEqual([
      { itemMetadata: { id: TEE, originalIndex: 0, success: true } },
      {
        itemMetadata: {
          id: NO_PRODUCT,
          originalIndex: 1,
          success: false,
          error: { code: 'PRODUCT_NOT_FOUND', description: `Product ${NO_PRODUCT} not found` },
        },
      },
    ]);
    expect(res.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 });
    const { product } = await getProduct(merchant, TEE);
    expect(product.priceData?.price).toBe(10);
    expect(
      prices((await queryProductVariants(merchant, TEE, { choices: { Color: 'Navy' } })).variants),
    ).toEqual([
      ['Small/Navy', 10],
      ['Medium/Navy', 10],
      ['Large/Navy', 10],
      ['Extra large/Navy', 27],
    ]);
    expect(events).toEqual([['product.updated', { productId: TEE }]]);

    const invalid = await failure(bulkUpdateProductsProperty(merchant, [TEE], { price: -1 }));
    expect(invalid.violations).toEqual([
      { field: 'set.price', description: 'must be at least 0', violatedRule: 'DECIMAL_GTE' },
    ]);
    expect((await getProduct(merchant, TEE)).product.priceData?.price).toBe(10);
    expect(events).toHaveLength(1);
  });

  it('bulkAdjustProductProperty: the recorded request; +10 % reads back with surcharges kept; a negative result fails the item', async () => {
    const { h, merchant, productId } = setup();
    const events = listen(merchant);
    const res = await bulkAdjustProductProperty(merchant, [TEE], { price: { percentage: 10 } });
    expectSameWire(h.last(), recorded('products.bulkAdjustProductProperty'), expect);
    expect(res.results).toEqual([{ itemMetadata: { id: TEE, originalIndex: 0, success: true } }]);
    expect((await getProduct(merchant, TEE)).product.priceData?.price).toBe(27.5);
    expect(
      prices((await queryProductVariants(merchant, TEE, { choices: { Color: 'Black' } })).variants),
    ).toEqual([
      ['Small/Black', 27.5],
      ['Medium/Black', 27.5],
      ['Large/Black', 27.5],
      ['Extra large/Black', 29.5],
    ]);
    expect(events).toEqual([['product.updated', { productId: TEE }]]);

    const mug = productId('stoneware-mug');
    const down = await bulkAdjustProductProperty(merchant, [TEE, mug], { price: { amount: -20 } });
    expect(h.last().body).toEqual({ adjust: { price: { amount: -20 } }, ids: [TEE, mug] });
    expect(
      down.results.map((r) => [r.itemMetadata?.id, r.itemMetadata?.success, r.itemMetadata?.error?.code]),
    ).toEqual([
      [TEE, true, undefined],
      [mug, false, 'NEGATIVE_VALUE'],
    ]);
    expect(down.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 });
    expect((await getProduct(merchant, TEE)).product.priceData?.price).toBe(7.5);
    expect((await getProduct(merchant, mug)).product.priceData?.price).toBe(18);
    expect(events).toEqual([
      ['product.updated', { productId: TEE }],
      ['product.updated', { productId: TEE }],
    ]);
  });
});

describe('permissions', () => {
  type Ids = { summer: string; winterless: string };
  const WRITES: Array<[string, (client: ApiClient, ids: Ids) => Promise<unknown>]> = [
    [
      'createProduct',
      (c) => createProduct(c, { name: 'X', productType: 'digital', priceData: { price: 1 } }),
    ],
    ['updateProduct', (c) => updateProduct(c, TEE, { name: 'Hacked' })],
    ['deleteProduct', (c) => deleteProduct(c, TEE)],
    [
      'updateProductVariants',
      (c) => updateProductVariants(c, TEE, [{ choices: { Size: 'Medium' }, price: 1 }]),
    ],
    ['resetAllProductVariantData', (c) => resetAllProductVariantData(c, TEE)],
    ['addProductsToCollection', (c, ids) => addProductsToCollection(c, ids.winterless, [TEE])],
    ['removeProductsFromCollection', (c, ids) => removeProductsFromCollection(c, ids.summer, [TEE])],
    ['addProductMedia', (c) => addProductMedia(c, TEE, [{ url: 'https://example.com/x.jpg' }])],
    ['removeProductMedia', (c) => removeProductMedia(c, TEE, [])],
    [
      'addProductMediaToChoices',
      (c) => addProductMediaToChoices(c, TEE, [{ option: 'Color', choice: 'White', mediaIds: [] }]),
    ],
    [
      'removeProductMediaFromChoices',
      (c) => removeProductMediaFromChoices(c, TEE, [{ option: 'Color', choice: 'White' }]),
    ],
    ['deleteProductOptions', (c) => deleteProductOptions(c, TEE)],
    ['removeBrand', (c) => removeBrand(c, TEE)],
    ['removeRibbon', (c) => removeRibbon(c, TEE)],
    ['createCollection', (c) => createCollection(c, { name: 'Winter' })],
    ['updateCollection', (c, ids) => updateCollection(c, ids.summer, { name: 'Hacked' })],
    ['deleteCollection', (c, ids) => deleteCollection(c, ids.summer)],
    ['bulkUpdateProductsProperty', (c) => bulkUpdateProductsProperty(c, [TEE], { price: 1 })],
    ['bulkAdjustProductProperty', (c) => bulkAdjustProductProperty(c, [TEE], { price: { amount: 1 } })],
  ];

  for (const [name, call] of WRITES) {
    it(`${name} with a visitor's or a member's token is a 403 ApiError, changes nothing and fires nothing`, async () => {
      const { h, collectionId, snapshot } = setup();
      const ids = { summer: collectionId('summer'), winterless: collectionId('home-goods') };
      const before = snapshot();
      const visitor = await h.visitor();
      const jane = h.member('jane@example.com');
      for (const { client, token } of [
        { client: visitor.client, token: visitor.tokens.access_token },
        { client: jane.client, token: jane.tokens.access_token },
      ]) {
        const events = listen(client);
        const error = await failure(call(client, ids));
        expect(h.last().authorization).toBe(token);
        expect(error).toBeInstanceOf(ApiError);
        expect(error).not.toBeInstanceOf(ValidationError);
        expect([error.status, error.code]).toEqual([403, 'PERMISSION_DENIED']);
        expect(error.message).toMatch(/is a merchant call: it needs the API key/);
        expect(events).toEqual([]);
      }
      expect(snapshot()).toEqual(before);
    });
  }

  it('every write works with the merchant’s API key (the same calls as above)', async () => {
    for (const [name, call] of WRITES) {
      const { h, collectionId, apiKey, merchant } = setup();
      const ids = { summer: collectionId('summer'), winterless: collectionId('home-goods') };
      await call(merchant, ids).catch((error: Error) => {
        throw new Error(`${name} failed with the API key: ${error.message}`);
      });
      expect(h.last().authorization).toBe(apiKey);
    }
  });
});
