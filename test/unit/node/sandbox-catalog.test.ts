import { describe, expect, it } from 'vitest';
import { DEFAULT_VARIANT_ID } from '../../../sandbox/catalog';
import { stableId } from '../../../sandbox/ids';
import { ALL_PRODUCTS_COLLECTION_ID as ALL } from '../../../sandbox/seed';
import type { FieldViolation } from '../../../src/api/types/errors';
import { fakeClock, testSandbox } from '../../helpers/sandbox';

/**
 * Seeded ids (sandbox/seed.ts): the tee has Size (Small, Medium, Large, Extra large) × Color (White, Black,
 * Navy) variants, named by their choices' descriptions.
 */
const TEE = 'c8539b66-7a44-fe18-affc-afec4be8562a';
const product = (slug: string) => stableId(`product:${slug}`);
const collection = (slug: string) => stableId(`collection:${slug}`);
const LINEN = product('linen-shirt');
const TOTE = product('canvas-tote');
const BEANIE = product('wool-beanie');
const MUG = product('stoneware-mug');
const EBOOK = product('field-notes-ebook');
const SUNGLASSES = product('polarized-sunglasses');
const SUMMER = collection('summer');
const teeVariant = (index: number) => `00000000-0000-${String(index).padStart(4, '0')}-0005-afec4be8562a`;
const MISSING = 'aaaaaaaa-bbbb-4ccc-8ddd-000000000000';

const KEY = { authorization: 'sandbox-admin-key' };
const dotR = (request: unknown) => Buffer.from(JSON.stringify(request)).toString('base64url');

/** A sandbox on a fake clock, with a visitor's token. */
async function setup() {
  const clock = fakeClock();
  const sandbox = testSandbox({ now: clock.now });
  const visitor = { authorization: (await sandbox.anonymousTokens()).access_token };
  const asMerchant = (method: string, path: string, body?: unknown) =>
    sandbox.call(method, path, { headers: KEY, ...(body === undefined ? {} : { body }) });
  const getProduct = async (id: string, headers = KEY, query = '&includeMerchantSpecificData=true') =>
    (await sandbox.call('GET', `/stores-reader/v1/products/${id}?id=${id}${query}`, { headers })).json
      .product;
  const queryProducts = async (request: unknown, headers: Record<string, string> = visitor) =>
    sandbox.call('GET', `/stores-reader/v1/products/query-platformized?.r=${dotR(request)}`, { headers });
  return { ...sandbox, clock, visitor, asMerchant, getProduct, queryProducts };
}

const violations = (json: {
  details?: { validationError?: { fieldViolations: FieldViolation[] } };
}): FieldViolation[] | undefined => json.details?.validationError?.fieldViolations;

describe('GET /stores-reader/v1/products/{id}', () => {
  it('answers the recorded request with the product, its variants and derived prices', async () => {
    const { call, visitor } = await setup();
    const res = await call(
      'GET',
      `/stores-reader/v1/products/${TEE}?id=${TEE}&includeMerchantSpecificData=true`,
      {
        headers: visitor,
      },
    );
    expect(res.status).toBe(200);
    const p = res.json.product;
    expect(p).toMatchObject({
      id: TEE,
      name: 'Everyday Cotton Tee',
      slug: 'everyday-cotton-tee',
      productType: 'physical',
      priceData: { currency: 'USD', price: 25, discountedPrice: 25, formatted: { price: '$25.00' } },
      priceRange: { minValue: 25, maxValue: 27 },
      weightRange: { minValue: 0.2, maxValue: 0.2 },
      stock: { trackInventory: true, quantity: 300, inStock: true, inventoryStatus: 'IN_STOCK' },
      ribbon: 'Bestseller',
      brand: 'Northwind',
      collectionIds: [ALL, SUMMER, collection('apparel')],
    });
    expect(p.variants).toHaveLength(12);
    expect(p.variants[0]).toMatchObject({ id: teeVariant(1), choices: { Size: 'Small', Color: 'White' } });
  });

  it('strips merchant data for visitors even when they ask for it, and for the merchant who does not', async () => {
    const { visitor, getProduct } = await setup();
    for (const p of [await getProduct(TEE, visitor), await getProduct(TEE, KEY, '')]) {
      expect(p.costAndProfitData).toBeUndefined();
      expect(p.costRange).toBeUndefined();
      for (const v of p.variants) expect(v.variant.costAndProfitData).toBeUndefined();
    }
    const merchant = await getProduct(TEE);
    expect(merchant.costAndProfitData).toEqual({
      itemCost: 9,
      formattedItemCost: '$9.00',
      profit: 16,
      formattedProfit: '$16.00',
      profitMargin: 0.64,
    });
    expect(merchant.costRange).toEqual({ minValue: 9, maxValue: 9 });
    expect(merchant.variants[9].variant.costAndProfitData).toMatchObject({ itemCost: 9, profit: 18 });
  });

  it('answers an unknown id with a 404 application error and a malformed id with a FORMAT violation', async () => {
    const { call, visitor } = await setup();
    const missing = await call('GET', `/stores-reader/v1/products/${MISSING}?id=${MISSING}`, {
      headers: visitor,
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({
      message: `Product ${MISSING} not found`,
      details: {
        applicationError: { code: 'PRODUCT_NOT_FOUND', description: `Product ${MISSING} not found` },
      },
    });
    for (const bad of ['not-a-guid', 'p-missing']) {
      const res = await call('GET', `/stores-reader/v1/products/${bad}?id=${bad}`, { headers: visitor });
      expect(res.status).toBe(400);
      expect(violations(res.json)).toEqual([
        {
          field: 'id',
          description: `must be a GUID (8-4-4-4-12 hex digits), got "${bad}"`,
          violatedRule: 'FORMAT',
        },
      ]);
    }
  });

  it('needs a caller, and refuses an id in the query string that differs from the path', async () => {
    const { call, visitor } = await setup();
    const anonymous = await call('GET', `/stores-reader/v1/products/${TEE}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.details.applicationError.code).toBe('UNAUTHENTICATED');
    const mismatch = await call('GET', `/stores-reader/v1/products/${TEE}?id=${LINEN}`, { headers: visitor });
    expect(mismatch.status).toBe(400);
    expect(violations(mismatch.json)).toEqual([
      { field: 'id', description: `is "${LINEN}" but the path names "${TEE}"`, violatedRule: 'VALIDATION' },
    ]);
  });

  it('hides a hidden product from visitors but not from the merchant', async () => {
    const { call, visitor, asMerchant, queryProducts } = await setup();
    expect(
      (await asMerchant('PATCH', `/stores/v1/products/${TEE}`, { product: { visible: false } })).status,
    ).toBe(200);
    expect((await call('GET', `/stores-reader/v1/products/${TEE}`, { headers: visitor })).status).toBe(404);
    expect(
      (await call('GET', `/stores-reader/v1/products/${TEE}`, { headers: KEY })).json.product.visible,
    ).toBe(false);
    const query = { query: { filter: { id: TEE } } };
    expect((await queryProducts(query)).json.metadata.total).toBe(0);
    expect((await queryProducts({ ...query, includeHiddenProducts: true })).json.metadata.total).toBe(0);
    expect((await queryProducts({ ...query, includeHiddenProducts: true }, KEY)).json.metadata.total).toBe(1);
    expect((await queryProducts(query, KEY)).json.metadata.total).toBe(0);
  });
});

describe('/stores-reader/v1/products/query-platformized', () => {
  it('decodes the recorded .r request: collection, product type, numeric price, name order and paging', async () => {
    const { call, visitor } = await setup();
    const recorded =
      'eyJxdWVyeSI6eyJmaWx0ZXIiOnsiJGFuZCI6W3siY29sbGVjdGlvbklkcyI6IjAwMDAwMDAwLTAwMDAwMC0wMDAwMDAtMDAwMDAwMDAwMDAxIn0seyJwcm9kdWN0VHlwZSI6eyIkaGFzU29tZSI6WyJwaHlzaWNhbCJdfX0seyJwcmljZSI6eyIkZ3QiOjV9fV19LCJwYWdpbmciOnsib2Zmc2V0IjoxMCwibGltaXQiOjV9LCJzb3J0IjpbeyJmaWVsZE5hbWUiOiJuYW1lIiwib3JkZXIiOiJBU0MifV19fQ';
    const res = await call('GET', `/stores-reader/v1/products/query-platformized?.r=${recorded}`, {
      headers: visitor,
    });
    expect(res.status).toBe(200);
    expect(res.json.products.map((p: { name: string }) => p.name)).toEqual([
      'Stoneware Mug',
      'Waxed Canvas Tote',
    ]);
    expect(res.json.metadata).toEqual({ count: 2, offset: 10, total: 12, tooManyToCount: false });
    expect(res.json.products[0].variants).toBeUndefined();
    expect(res.json.products[0].costAndProfitData).toBeUndefined();
  });

  it('answers the recorded typed query, and its prefix match is case-insensitive', async () => {
    const { call, visitor, queryProducts } = await setup();
    const recorded =
      'eyJxdWVyeSI6eyJmaWx0ZXIiOnsibmFtZSI6eyIkc3RhcnRzV2l0aCI6IlRlZSJ9fSwicGFnaW5nIjp7ImxpbWl0IjoyLCJvZmZzZXQiOjB9fX0';
    const res = await call('GET', `/stores-reader/v1/products/query-platformized?.r=${recorded}`, {
      headers: visitor,
    });
    expect(res.json).toEqual({
      products: [],
      metadata: { count: 0, offset: 0, total: 0, tooManyToCount: false },
    });
    const found = await queryProducts({ query: { filter: { name: { $startsWith: 'everyday' } } } });
    expect(found.json.products.map((p: { id: string }) => p.id)).toEqual([TEE]);
  });

  it('answers the long-query POST fallback exactly as the GET', async () => {
    const { call, visitor, queryProducts } = await setup();
    const ids = Array.from(
      { length: 120 },
      (_, i) => `aaaaaaaa-bbbb-4ccc-8ddd-${String(i).padStart(12, '0')}`,
    );
    const recorded = { query: { filter: { id: { $in: ids } }, paging: { offset: 0, limit: 50 } } };
    const post = await call('POST', '/stores-reader/v1/products/query-platformized', {
      headers: visitor,
      body: recorded,
    });
    expect(post.status).toBe(200);
    expect(post.json).toEqual({
      products: [],
      metadata: { count: 0, offset: 0, total: 0, tooManyToCount: false },
    });

    const withReal = {
      query: {
        filter: { id: { $in: [...ids, TEE, MUG, EBOOK] } },
        sort: [{ fieldName: 'price', order: 'DESC' }],
      },
      includeVariants: true,
    };
    const viaPost = await call('POST', '/stores-reader/v1/products/query-platformized', {
      headers: visitor,
      body: withReal,
    });
    const viaGet = await queryProducts(withReal);
    expect(viaPost.json.products.map((p: { id: string }) => p.id)).toEqual([TEE, MUG, EBOOK]);
    expect(viaPost.json.products[0].variants).toHaveLength(12);
    expect(viaGet.json).toEqual(viaPost.json);
  });

  it('filters and sorts "price" as the numeric price', async () => {
    const { queryProducts } = await setup();
    const cheap = await queryProducts({
      query: { filter: { price: { $lt: 15 } }, sort: [{ fieldName: 'price' }] },
    });
    expect(
      cheap.json.products.map((p: { slug: string; priceData: { price: number } }) => [
        p.slug,
        p.priceData.price,
      ]),
    ).toEqual([
      ['field-notes-ebook', 9.99],
      ['enamel-pin-set', 12],
      ['running-socks', 14],
    ]);
    const dear = await queryProducts({
      query: { sort: [{ fieldName: 'price', order: 'DESC' }], paging: { limit: 3, offset: 0 } },
    });
    expect(dear.json.products.map((p: { slug: string }) => p.slug)).toEqual([
      'polarized-sunglasses',
      'linen-shirt',
      'leather-wallet',
    ]);
    expect(dear.json.metadata).toEqual({ count: 3, offset: 0, total: 14, tooManyToCount: false });
    const discounted = await queryProducts({
      query: { filter: { discountedPrice: { $lt: 50 }, price: { $gte: 50 } } },
    });
    expect(discounted.json.products.map((p: { slug: string }) => p.slug)).toEqual([
      'linen-shirt',
      'leather-wallet',
    ]);
  });

  it('filters on inStock, brand and numericId, and reads flattened GET parameters', async () => {
    const { call, visitor, queryProducts } = await setup();
    const out = await queryProducts({ query: { filter: { inStock: false } } });
    expect(out.json.products.map((p: { id: string }) => p.id)).toEqual([TOTE]);
    const kiln = await queryProducts({ query: { filter: { brand: 'Kiln & Co.' } } });
    expect(kiln.json.metadata.total).toBe(3);
    const later = await queryProducts({ query: { filter: { numericId: { $gt: '1000011' } } } });
    expect(later.json.products.map((p: { numericId: string }) => p.numericId)).toEqual([
      '1000012',
      '1000013',
    ]);
    const flat = await call(
      'GET',
      '/stores-reader/v1/products/query-platformized?query.paging.limit=2&query.paging.offset=1',
      {
        headers: visitor,
      },
    );
    expect(flat.json.products.map((p: { id: string }) => p.id)).toEqual([LINEN, TOTE]);
    expect(flat.json.metadata).toEqual({ count: 2, offset: 1, total: 14, tooManyToCount: false });
  });

  it('refuses unknown fields, unknown operators and oversized pages with the offending path', async () => {
    const { queryProducts } = await setup();
    const field = await queryProducts({ query: { filter: { colour: 'red' } } });
    expect(field.status).toBe(400);
    expect(violations(field.json)).toEqual([
      expect.objectContaining({ field: 'query.filter.colour', violatedRule: 'FORMAT' }),
    ]);
    const op = await queryProducts({ query: { filter: { price: { $near: 5 } } } });
    expect(violations(op.json)?.[0]).toMatchObject({ field: 'query.filter.price.$near' });
    const sort = await queryProducts({ query: { sort: [{ fieldName: 'description' }] } });
    expect(violations(sort.json)?.[0]).toMatchObject({
      field: 'query.sort[0].fieldName',
      violatedRule: 'FORMAT',
    });
    const page = await queryProducts({ query: { paging: { limit: 101 } } });
    expect(violations(page.json)).toEqual([
      { field: 'query.paging.limit', description: 'must be at most 100', violatedRule: 'MAX' },
    ]);
  });
});

describe('collection reads', () => {
  it('gets a collection by id and by slug on both services, counting its products', async () => {
    const { call, visitor } = await setup();
    const byId = await call('GET', `/v2/collections/${SUMMER}?id=${SUMMER}`, { headers: visitor });
    expect(byId.status).toBe(200);
    expect(byId.json.collection).toMatchObject({
      id: SUMMER,
      name: 'Summer',
      slug: 'summer',
      visible: true,
      numberOfProducts: 4,
      description: 'Light layers and sunny-day essentials.',
    });
    expect(byId.json.collection.media.mainMedia.image.url).toBe(
      'https://sandbox.test/_sandbox/media/collection-summer.svg',
    );
    const v2 = await call('GET', '/v2/collections/slug/summer?slug=summer', { headers: visitor });
    const v1 = await call('GET', '/stores-reader/v1/collections/slug/summer?slug=summer', {
      headers: visitor,
    });
    expect(v2.json).toEqual(byId.json);
    expect(v1.json).toEqual(byId.json);
    const all = await call('GET', `/v2/collections/${ALL}?id=${ALL}`, { headers: visitor });
    expect(all.json.collection).toMatchObject({ name: 'All Products', numberOfProducts: 14 });
  });

  it('answers the recorded collection query and pages', async () => {
    const { call, visitor } = await setup();
    const recorded =
      'eyJxdWVyeSI6eyJmaWx0ZXIiOnsibmFtZSI6IlN1bW1lciJ9LCJwYWdpbmciOnsibGltaXQiOjEwLCJvZmZzZXQiOjB9fX0';
    const res = await call('GET', `/v2/collections/query?.r=${recorded}`, { headers: visitor });
    expect(res.status).toBe(200);
    expect(res.json.collections.map((c: { id: string }) => c.id)).toEqual([SUMMER]);
    expect(res.json.metadata).toEqual({ count: 1, offset: 0, total: 1, tooManyToCount: false });
    const sorted = await call(
      'GET',
      `/v2/collections/query?.r=${dotR({ query: { sort: [{ fieldName: 'numberOfProducts', order: 'DESC' }], paging: { limit: 2 } } })}`,
      {
        headers: visitor,
      },
    );
    expect(
      sorted.json.collections.map((c: { slug: string; numberOfProducts: number }) => [
        c.slug,
        c.numberOfProducts,
      ]),
    ).toEqual([
      ['all-products', 14],
      ['accessories', 5],
    ]);
    expect(sorted.json.metadata).toEqual({ count: 2, offset: 0, total: 6, tooManyToCount: false });
  });

  it('answers unknown collections with 404 and keeps hidden ones for the merchant', async () => {
    const { call, visitor, asMerchant } = await setup();
    const slug = await call('GET', '/v2/collections/slug/winter?slug=winter', { headers: visitor });
    expect(slug.status).toBe(404);
    expect(slug.json.details.applicationError).toEqual({
      code: 'COLLECTION_NOT_FOUND',
      description: 'Collection with slug "winter" not found',
    });
    expect((await call('GET', `/v2/collections/${MISSING}`, { headers: visitor })).status).toBe(404);
    await asMerchant('PATCH', `/stores/v1/collections/${SUMMER}`, {
      collection: { id: SUMMER, visible: false },
    });
    expect((await call('GET', `/v2/collections/${SUMMER}`, { headers: visitor })).status).toBe(404);
    expect((await call('GET', `/v2/collections/${SUMMER}`, { headers: KEY })).json.collection.visible).toBe(
      false,
    );
    const query = `/v2/collections/query?.r=${dotR({ query: {} })}`;
    expect((await call('GET', query, { headers: visitor })).json.metadata.total).toBe(5);
    expect((await call('GET', query, { headers: KEY })).json.metadata.total).toBe(6);
  });
});

describe('POST /stores-reader/v1/products/{id}/productOptionsAvailability', () => {
  const availability = (s: Awaited<ReturnType<typeof setup>>, id: string, options: unknown) =>
    s.call('POST', `/stores-reader/v1/products/${id}/productOptionsAvailability`, {
      headers: s.visitor,
      body: { id, options },
    });

  it('refuses the recorded colour the tee does not have, naming its choices', async () => {
    const s = await setup();
    const res = await availability(s, TEE, { Size: 'Medium', Color: 'Red' });
    expect(res.status).toBe(400);
    expect(violations(res.json)).toEqual([
      {
        field: 'options.Color',
        description: '"Red" is not a choice of Color; its choices are White, Black, Navy',
        violatedRule: 'VALIDATION',
      },
    ]);
    const option = await availability(s, TEE, { Material: 'Cotton' });
    expect(violations(option.json)?.[0]).toMatchObject({
      field: 'options.Material',
      description: '"Material" is not an option of this product; its options are Size, Color',
    });
  });

  it('selects the one variant a full selection picks, with its media', async () => {
    const s = await setup();
    const res = await availability(s, TEE, { Size: 'Medium', Color: 'Black' });
    expect(res.status).toBe(200);
    expect(res.json.selectedVariant).toEqual({
      price: {
        currency: 'USD',
        price: 25,
        discountedPrice: 25,
        formatted: { price: '$25.00', discountedPrice: '$25.00' },
      },
      convertedPriceData: {
        currency: 'USD',
        price: 25,
        discountedPrice: 25,
        formatted: { price: '$25.00', discountedPrice: '$25.00' },
      },
      weight: 0.2,
      sku: 'NW-TEE-M-BLACK',
      quantity: 25,
      inStock: true,
      visible: true,
    });
    expect(res.json.availableForPurchase).toBe(true);
    expect(res.json.media.mainMedia.image.url).toBe(
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-black.svg',
    );
    const caseInsensitive = await availability(s, TEE, { size: 'medium', color: 'black' });
    expect(caseInsensitive.json.selectedVariant.sku).toBe('NW-TEE-M-BLACK');
  });

  it('gives no variant for a partial selection and marks choices by the rest of the selection', async () => {
    const s = await setup();
    await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/variants`, {
      id: TEE,
      variants: [{ choices: { Size: 'Small', Color: 'White' }, visible: false }],
    });
    const small = await availability(s, TEE, { Size: 'Small' });
    expect(small.json.selectedVariant).toBeUndefined();
    expect(small.json.availableForPurchase).toBe(false);
    const colors = small.json.productOptions[1].choices.map(
      (c: { description: string; visible: boolean }) => [c.description, c.visible],
    );
    expect(colors).toEqual([
      ['White', false],
      ['Black', true],
      ['Navy', true],
    ]);
    const white = await availability(s, TEE, { Color: 'White' });
    expect(white.json.productOptions[0].choices.map((c: { visible: boolean }) => c.visible)).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(white.json.media.items).toHaveLength(1);
    expect(white.json.media.mainMedia.image.url).toBe(
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-white.svg',
    );
  });

  it('reports stock: a sold-out colour is selectable but not for purchase', async () => {
    const s = await setup();
    const mustard = await availability(s, BEANIE, { Color: 'Mustard' });
    expect(mustard.json.selectedVariant).toMatchObject({ quantity: 0, inStock: false, visible: true });
    expect(mustard.json.availableForPurchase).toBe(false);
    expect(mustard.json.productOptions[0].choices.map((c: { inStock: boolean }) => c.inStock)).toEqual([
      true,
      false,
      true,
    ]);
    const mug = await availability(s, MUG, {});
    expect(mug.json.selectedVariant).toMatchObject({ sku: 'KC-MUG', quantity: 5, inStock: true });
    expect(mug.json.availableForPurchase).toBe(true);
  });
});

describe('variant queries', () => {
  it('queries a product’s variants by the recorded partial choices', async () => {
    const { call, visitor } = await setup();
    const res = await call('POST', `/stores-reader/v1/products/${TEE}/variants/query`, {
      headers: visitor,
      body: { id: TEE, choices: { Size: 'Medium' }, paging: { limit: 10, offset: 0 } },
    });
    expect(res.status).toBe(200);
    expect(res.json.variants.map((v: { id: string; choices: unknown }) => [v.id, v.choices])).toEqual([
      [teeVariant(4), { Size: 'Medium', Color: 'White' }],
      [teeVariant(5), { Size: 'Medium', Color: 'Black' }],
      [teeVariant(6), { Size: 'Medium', Color: 'Navy' }],
    ]);
    expect(res.json.metadata).toEqual({ items: 10, offset: 0 });
    expect(res.json.totalResults).toBe(3);
    expect(res.json.variants[0].variant.costAndProfitData).toBeUndefined();
  });

  it('queries by variant ids, pages, and gives costs to the merchant who asks', async () => {
    const { call } = await setup();
    const byIds = await call('POST', `/stores-reader/v1/products/${TEE}/variants/query`, {
      headers: KEY,
      body: { id: TEE, variantIds: [teeVariant(12), teeVariant(1)], includeMerchantSpecificData: true },
    });
    expect(byIds.json.variants.map((v: { id: string }) => v.id)).toEqual([teeVariant(1), teeVariant(12)]);
    expect(byIds.json.variants[1].variant.costAndProfitData).toMatchObject({ itemCost: 9, profit: 18 });
    const page = await call('POST', `/stores-reader/v1/products/${TEE}/variants/query`, {
      headers: KEY,
      body: { id: TEE, paging: { limit: 10, offset: 10 } },
    });
    expect(page.json.variants.map((v: { id: string }) => v.id)).toEqual([teeVariant(11), teeVariant(12)]);
    expect(page.json.metadata).toEqual({ items: 10, offset: 10 });
    expect(page.json.totalResults).toBe(12);
    const both = await call('POST', `/stores-reader/v1/products/${TEE}/variants/query`, {
      headers: KEY,
      body: { id: TEE, choices: { Size: 'Medium' }, variantIds: [teeVariant(1)] },
    });
    expect(violations(both.json)?.[0]).toMatchObject({ field: 'choices', violatedRule: 'ONE_OF_ALIGNMENT' });
  });

  it('queries store variants with the recorded request', async () => {
    const { call, visitor } = await setup();
    const res = await call('POST', '/stores-reader/v1/variants/query', {
      headers: visitor,
      body: { query: { filter: { productId: TEE }, paging: { limit: 10 } } },
    });
    expect(res.status).toBe(200);
    expect(res.json.variants).toHaveLength(10);
    expect(res.json.metadata).toEqual({ count: 10, offset: 0, total: 12, tooManyToCount: false });
    expect(res.json.variants[4]).toEqual({
      id: `${TEE}-${teeVariant(5)}`,
      variantId: teeVariant(5),
      productId: TEE,
      variantName: 'Medium / Black',
      productName: 'Everyday Cotton Tee',
      managedVariant: true,
      sku: 'NW-TEE-M-BLACK',
      stock: { trackQuantity: true, quantity: 25, inStock: true },
      choices: { Size: 'Medium', Color: 'Black' },
      collectionIds: [ALL, SUMMER, collection('apparel')],
      media: { image: 'https://sandbox.test/_sandbox/media/everyday-cotton-tee-black.svg' },
      preorderInfo: { enabled: false },
    });
    const xl = await call('POST', '/stores-reader/v1/variants/query', {
      headers: visitor,
      body: {
        query: {
          filter: { 'choices.Size': 'Extra large', inStock: true },
          sort: [{ fieldName: 'variantName', order: 'DESC' }],
        },
      },
    });
    expect(xl.json.variants.map((v: { variantName: string }) => v.variantName)).toEqual([
      'Extra large / White',
      'Extra large / Navy',
      'Extra large / Black',
    ]);
  });

  it('gets a store variant by <productId>-<variantId>', async () => {
    const { call, visitor } = await setup();
    const recorded = `${TEE}-${DEFAULT_VARIANT_ID}`;
    const missing = await call('GET', `/stores-reader/v1/variants/${recorded}?id=${recorded}`, {
      headers: visitor,
    });
    expect(missing.status).toBe(404);
    expect(missing.json.details.applicationError.code).toBe('VARIANT_NOT_FOUND');
    const ebookId = `${EBOOK}-${DEFAULT_VARIANT_ID}`;
    const ebook = await call('GET', `/stores-reader/v1/variants/${ebookId}?id=${ebookId}`, {
      headers: visitor,
    });
    expect(ebook.json.variant).toMatchObject({
      id: ebookId,
      variantName: 'Field Notes: A Maker’s Guide (e-book)',
      managedVariant: false,
      sku: 'DL-EBOOK',
      stock: { trackQuantity: false, inStock: true },
      choices: {},
      media: { image: 'https://sandbox.test/_sandbox/media/field-notes-ebook.svg' },
    });
    const malformed = await call('GET', '/stores-reader/v1/variants/nope', { headers: visitor });
    expect(malformed.status).toBe(400);
    expect(violations(malformed.json)?.[0]).toMatchObject({ field: 'id', violatedRule: 'FORMAT' });
  });
});

describe('product writes', () => {
  const recordedCreate = {
    product: {
      name: 'Tee',
      productType: 'physical',
      priceData: { price: 19.99 },
      description: 'Soft cotton tee',
      sku: 'TEE-1',
      visible: true,
      weight: 0.2,
      productOptions: [{ name: 'Size', choices: [{ value: 'M', description: 'Medium' }] }],
    },
  };

  it('creates the recorded product with a variant per choice, a unique slug, in All Products', async () => {
    const s = await setup();
    const res = await s.asMerchant('POST', '/stores/v1/products', recordedCreate);
    expect(res.status).toBe(200);
    const p = res.json.product;
    expect(p.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(p).toMatchObject({
      name: 'Tee',
      slug: 'tee',
      visible: true,
      productType: 'physical',
      description: 'Soft cotton tee',
      sku: 'TEE-1',
      weight: 0.2,
      weightRange: { minValue: 0.2, maxValue: 0.2 },
      priceData: { currency: 'USD', price: 19.99, discountedPrice: 19.99, formatted: { price: '$19.99' } },
      priceRange: { minValue: 19.99, maxValue: 19.99 },
      productOptions: [
        {
          optionType: 'drop_down',
          name: 'Size',
          choices: [{ value: 'M', description: 'Medium', inStock: true, visible: true }],
        },
      ],
      collectionIds: [ALL],
      numericId: '1000014',
      productPageUrl: { base: 'https://sandbox.test', path: '/product-page/tee' },
      stock: { trackInventory: false, inStock: true, inventoryStatus: 'IN_STOCK' },
      createdDate: '2026-11-22T12:00:00.000Z',
      lastUpdated: '2026-11-22T12:00:00.000Z',
    });
    expect(p.variants).toEqual([
      expect.objectContaining({
        id: `00000000-0000-0001-0005-${p.id.slice(-12)}`,
        choices: { Size: 'Medium' },
        variant: expect.objectContaining({
          weight: 0.2,
          sku: 'TEE-1',
          priceData: expect.objectContaining({ price: 19.99 }),
        }),
      }),
    ]);
    expect((await s.getProduct(p.id, s.visitor)).name).toBe('Tee');
    const all = await s.call('GET', `/v2/collections/${ALL}`, { headers: s.visitor });
    expect(all.json.collection.numberOfProducts).toBe(15);
    const again = await s.asMerchant('POST', '/stores/v1/products', recordedCreate);
    expect(again.json.product.slug).toBe('tee-2');
    const digital = await s.asMerchant('POST', '/stores/v1/products', {
      product: { name: 'Field Notes: Vol. 2', productType: 'digital', priceData: { price: 5 } },
    });
    expect(digital.json.product).toMatchObject({
      slug: 'field-notes-vol-2',
      variants: [{ id: DEFAULT_VARIANT_ID, choices: {} }],
    });
    expect(digital.json.product.weight).toBeUndefined();
  });

  it('keys a colour option’s variants by the choices’ descriptions; the values stay the colour codes', async () => {
    const s = await setup();
    const created = await s.asMerchant('POST', '/stores/v1/products', {
      product: {
        name: 'Cap',
        productType: 'physical',
        priceData: { price: 20 },
        productOptions: [
          {
            name: 'Color',
            optionType: 'color',
            choices: [
              { value: '#000000', description: 'Black' },
              { value: '#FF0000', description: 'Red' },
            ],
          },
          { name: 'Size', choices: [{ value: 'One size' }] },
        ],
      },
    });
    expect(created.status).toBe(200);
    const cap = created.json.product;
    expect(cap.productOptions[0].choices.map((c: { value: string; description: string }) => c)).toEqual([
      { value: '#000000', description: 'Black', inStock: true, visible: true },
      { value: '#FF0000', description: 'Red', inStock: true, visible: true },
    ]);
    expect(cap.productOptions[1].choices[0]).toMatchObject({ value: 'One size', description: 'One size' });
    expect(cap.variants.map((v: { choices: unknown }) => v.choices)).toEqual([
      { Color: 'Black', Size: 'One size' },
      { Color: 'Red', Size: 'One size' },
    ]);

    const red = await s.asMerchant('PATCH', `/stores/v1/products/${cap.id}/variants`, {
      id: cap.id,
      variants: [{ choices: { Color: 'Red' }, price: 22 }],
    });
    expect(red.status).toBe(200);
    const picked = await s.call('POST', `/stores-reader/v1/products/${cap.id}/productOptionsAvailability`, {
      headers: s.visitor,
      body: { id: cap.id, options: { Color: 'Red', Size: 'One size' } },
    });
    expect(picked.json.selectedVariant.price.price).toBe(22);
    const byCode = await s.call('POST', `/stores-reader/v1/products/${cap.id}/variants/query`, {
      headers: s.visitor,
      body: { id: cap.id, choices: { Color: '#FF0000' } },
    });
    expect(byCode.status).toBe(400);
    expect(violations(byCode.json)?.[0]?.description).toBe(
      '"#FF0000" is not a choice of Color; its choices are Black, Red ("#FF0000" is the value of Red: name it by its description)',
    );

    // Two choices may share a code, not a name.
    const twice = await s.asMerchant('POST', '/stores/v1/products', {
      product: {
        name: 'Cap 2',
        productType: 'physical',
        priceData: { price: 20 },
        productOptions: [
          {
            name: 'Color',
            optionType: 'color',
            choices: [
              { value: '#000000', description: 'Black' },
              { value: '#000000', description: 'Jet' },
              { value: '#111111', description: 'black' },
            ],
          },
        ],
      },
    });
    expect(violations(twice.json)).toEqual([
      {
        field: 'product.productOptions[0].choices[2].description',
        description: 'repeats the choice "black"',
        violatedRule: 'VALIDATION',
      },
    ]);
  });

  it('validates a new product field by field', async () => {
    const s = await setup();
    const create = (product: unknown) => s.asMerchant('POST', '/stores/v1/products', { product });
    const negative = await create({ name: 'Tee', productType: 'physical', priceData: { price: -1 } });
    expect(negative.status).toBe(400);
    expect(negative.json).toEqual({
      message: 'INVALID_ARGUMENT: "product.priceData.price" must be at least 0',
      details: {
        validationError: {
          fieldViolations: [
            {
              field: 'product.priceData.price',
              description: 'must be at least 0',
              violatedRule: 'DECIMAL_GTE',
            },
          ],
        },
      },
    });
    const empty = await create({ priceData: { price: 5 }, productType: 'service', weight: -2 });
    expect(violations(empty.json)).toEqual([
      { field: 'product.name', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
      {
        field: 'product.productType',
        description: 'must be one of physical, digital',
        violatedRule: 'INVALID_ENUM_VALUE',
      },
      { field: 'product.weight', description: 'must be at least 0', violatedRule: 'DECIMAL_GTE' },
    ]);
    const long = await create({ name: 'x'.repeat(81), productType: 'physical', priceData: { price: 1.005 } });
    expect(violations(long.json)).toEqual([
      { field: 'product.name', description: 'must be at most 80 characters', violatedRule: 'MAX_LENGTH' },
      {
        field: 'product.priceData.price',
        description: 'must have at most 2 decimal places',
        violatedRule: 'DECIMAL_MAX_SCALE',
      },
    ]);
    const missing = await s.asMerchant('POST', '/stores/v1/products', {});
    expect(violations(missing.json)).toEqual([
      { field: 'product', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
    const noPrice = await create({ name: 'Tee', productType: 'physical' });
    expect(violations(noPrice.json)?.[0]).toMatchObject({
      field: 'product.priceData.price',
      violatedRule: 'REQUIRED_FIELD',
    });
    const taken = await create({
      name: 'Tee',
      productType: 'physical',
      priceData: { price: 1 },
      slug: 'linen-shirt',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.details.applicationError.code).toBe('SLUG_ALREADY_EXISTS');
  });

  it('refuses catalogue writes without the API key', async () => {
    const s = await setup();
    const body = recordedCreate;
    const asVisitor = await s.call('POST', '/stores/v1/products', { headers: s.visitor, body });
    expect(asVisitor.status).toBe(403);
    expect(asVisitor.json.details.applicationError.code).toBe('PERMISSION_DENIED');
    expect((await s.call('POST', '/stores/v1/products', { body })).status).toBe(401);
    const writes: Array<[string, string]> = [
      ['PATCH', `/stores/v1/products/${TEE}`],
      ['DELETE', `/stores/v1/products/${TEE}`],
      ['POST', `/stores/v1/products/${TEE}/remove-brand`],
      ['POST', `/stores/v1/collections/${SUMMER}/productIds`],
      ['POST', '/stores/v1/bulk/products/update'],
    ];
    for (const [method, path] of writes) {
      expect((await s.call(method, path, { headers: s.visitor })).status, path).toBe(403);
    }
    const all = await s.call('GET', `/v2/collections/${ALL}`, { headers: s.visitor });
    expect(all.json.collection.numberOfProducts).toBe(14);
    expect((await s.getProduct(TEE)).brand).toBe('Northwind');
  });

  it('updates with the recorded patch: variants on the base price follow it, surcharged ones keep theirs', async () => {
    const s = await setup();
    s.clock.advance(60_000);
    const res = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}`, {
      product: { name: 'Tee v2', priceData: { price: 24.5 }, id: TEE },
    });
    expect(res.status).toBe(200);
    expect(res.json.product).toMatchObject({
      name: 'Tee v2',
      slug: 'everyday-cotton-tee',
      priceData: { price: 24.5, formatted: { price: '$24.50' } },
      priceRange: { minValue: 24.5, maxValue: 27 },
      lastUpdated: '2026-11-22T12:01:00.000Z',
      createdDate: '2026-01-15T10:00:00.000Z',
    });
    const read = await s.getProduct(TEE, s.visitor);
    expect(
      read.variants.map((v: { variant: { priceData: { price: number } } }) => v.variant.priceData.price),
    ).toEqual([...Array(9).fill(24.5), 27, 27, 27]);
    const discounted = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}`, {
      product: { discount: { type: 'PERCENT', value: 20 } },
    });
    expect(discounted.json.product.priceData).toMatchObject({ price: 24.5, discountedPrice: 19.6 });
    expect(discounted.json.product.costAndProfitData).toMatchObject({ itemCost: 9, profit: 10.6 });
  });

  it('validates an update and its id', async () => {
    const s = await setup();
    const mismatch = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}`, {
      product: { id: LINEN, name: 'x' },
    });
    expect(violations(mismatch.json)).toEqual([
      {
        field: 'product.id',
        description: `is "${LINEN}" but the path names "${TEE}"`,
        violatedRule: 'VALIDATION',
      },
    ]);
    const bad = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}`, {
      product: { name: '', discount: { type: 'PERCENT', value: 150 } },
    });
    expect(violations(bad.json)).toEqual([
      {
        field: 'product.discount.value',
        description: 'must be at most 100 for a PERCENT discount',
        violatedRule: 'DECIMAL_LTE',
      },
      { field: 'product.name', description: 'must not be empty', violatedRule: 'MIN_LENGTH' },
    ]);
    const weight = await s.asMerchant('PATCH', `/stores/v1/products/${EBOOK}`, { product: { weight: 1 } });
    expect(violations(weight.json)?.[0]).toMatchObject({
      field: 'product.weight',
      violatedRule: 'FIELD_NOT_ALLOWED',
    });
    expect(
      (await s.asMerchant('PATCH', `/stores/v1/products/${MISSING}`, { product: { name: 'x' } })).status,
    ).toBe(404);
    expect((await s.getProduct(TEE)).name).toBe('Everyday Cotton Tee');
  });

  it('rebuilds the variants when the options change, keeping the ones that remain', async () => {
    const s = await setup();
    const res = await s.asMerchant('PATCH', `/stores/v1/products/${LINEN}`, {
      product: {
        productOptions: [
          { name: 'Size', choices: [{ value: 'Medium' }, { value: 'Large' }, { value: 'Extra large' }] },
          { name: 'Fit', choices: [{ value: 'Regular' }] },
        ],
      },
    });
    expect(res.status).toBe(200);
    const variants = res.json.product.variants;
    expect(
      variants.map((v: { choices: Record<string, string> }) => Object.values(v.choices).join('/')),
    ).toEqual(['Medium/Regular', 'Large/Regular', 'Extra large/Regular']);
    expect(variants[0].variant.priceData).toMatchObject({ price: 60, discountedPrice: 48 });
  });

  it('deletes a product, which leaves every collection', async () => {
    const s = await setup();
    const res = await s.call('DELETE', `/stores/v1/products/${TEE}?id=${TEE}`, { headers: KEY });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect((await s.call('GET', `/stores-reader/v1/products/${TEE}`, { headers: KEY })).status).toBe(404);
    const summer = await s.queryProducts({ query: { filter: { collectionIds: SUMMER } } });
    expect(summer.json.products.map((p: { id: string }) => p.id)).not.toContain(TEE);
    expect(summer.json.metadata.total).toBe(3);
    expect(
      (await s.call('GET', `/v2/collections/${SUMMER}`, { headers: s.visitor })).json.collection
        .numberOfProducts,
    ).toBe(3);
    expect((await s.call('DELETE', `/stores/v1/products/${TEE}`, { headers: KEY })).status).toBe(404);
  });
});

describe('variant writes', () => {
  it('updates the recorded variants and shows them in later reads', async () => {
    const s = await setup();
    const res = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/variants`, {
      id: TEE,
      variants: [{ choices: { Size: 'Medium' }, price: 21, visible: true }],
    });
    expect(res.status).toBe(200);
    expect(res.json.variants).toHaveLength(12);
    const medium = res.json.variants.filter(
      (v: { choices: { Size: string } }) => v.choices.Size === 'Medium',
    );
    expect(
      medium.map(
        (v: { variant: { priceData: { formatted: { price: string } } } }) =>
          v.variant.priceData.formatted.price,
      ),
    ).toEqual(['$21.00', '$21.00', '$21.00']);
    expect((await s.getProduct(TEE, s.visitor)).priceRange).toEqual({ minValue: 21, maxValue: 27 });
    const byId = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/variants`, {
      id: TEE,
      variants: [{ variantIds: [teeVariant(1)], cost: 4.5, weight: 0.25, sku: 'TEE-S-W' }],
    });
    expect(byId.json.variants[0].variant).toMatchObject({
      weight: 0.25,
      sku: 'TEE-S-W',
      costAndProfitData: { itemCost: 4.5, profit: 20.5 },
    });
    const product = await s.getProduct(TEE);
    expect(product.weightRange).toEqual({ minValue: 0.2, maxValue: 0.25 });
    expect(product.costRange).toEqual({ minValue: 4.5, maxValue: 9 });
  });

  it('validates variant overrides before changing any', async () => {
    const s = await setup();
    const res = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/variants`, {
      id: TEE,
      variants: [
        { choices: { Size: 'Small' }, price: 30 },
        { choices: { Size: 'Medium' }, price: -1 },
        { choices: { Size: 'XXL' } },
        { variantIds: [MISSING] },
        { price: 3 },
      ],
    });
    expect(res.status).toBe(400);
    expect(violations(res.json)).toEqual([
      { field: 'variants[1].price', description: 'must be at least 0', violatedRule: 'DECIMAL_GTE' },
      {
        field: 'variants[2].choices.Size',
        description: '"XXL" is not a choice of Size; its choices are Small, Medium, Large, Extra large',
        violatedRule: 'VALIDATION',
      },
      {
        field: 'variants[3].variantIds[0]',
        description: `is not a variant of product ${TEE}`,
        violatedRule: 'VALIDATION',
      },
      {
        field: 'variants[4].choices',
        description: 'is required (or variantIds)',
        violatedRule: 'REQUIRED_FIELD',
      },
    ]);
    expect((await s.getProduct(TEE)).priceRange).toEqual({ minValue: 25, maxValue: 27 });
  });

  it('resets every variant to the product’s price, weight and cost', async () => {
    const s = await setup();
    await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/variants`, {
      id: TEE,
      variants: [{ choices: { Size: 'Small' }, price: 30, cost: 1, weight: 2, visible: false }],
    });
    const res = await s.asMerchant('POST', `/stores/v1/products/${TEE}/variants/resetToDefault`, { id: TEE });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    const product = await s.getProduct(TEE);
    expect(product.priceRange).toEqual({ minValue: 25, maxValue: 25 });
    expect(product.costRange).toEqual({ minValue: 9, maxValue: 9 });
    expect(product.weightRange).toEqual({ minValue: 0.2, maxValue: 0.2 });
    expect(product.variants.every((v: { variant: { visible: boolean } }) => v.variant.visible)).toBe(true);
  });

  it('deletes the options: one default variant carrying the stock', async () => {
    const s = await setup();
    const res = await s.call('DELETE', `/stores/v1/products/${TEE}/options?id=${TEE}`, { headers: KEY });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    const product = await s.getProduct(TEE, s.visitor);
    expect(product.productOptions).toEqual([]);
    expect(product.manageVariants).toBe(false);
    expect(product.variants).toEqual([
      expect.objectContaining({
        id: DEFAULT_VARIANT_ID,
        choices: {},
        stock: { trackQuantity: true, quantity: 300, inStock: true },
      }),
    ]);
    expect(product.priceRange).toEqual({ minValue: 25, maxValue: 25 });
    expect(product.stock).toEqual({
      trackInventory: true,
      inStock: true,
      inventoryStatus: 'IN_STOCK',
      quantity: 300,
    });
  });

  it('removes the brand and the ribbon', async () => {
    const s = await setup();
    const brand = await s.asMerchant('POST', `/stores/v1/products/${TEE}/remove-brand`, { id: TEE });
    const ribbon = await s.asMerchant('POST', `/stores/v1/products/${TEE}/remove-ribbon`, { id: TEE });
    expect([brand.status, brand.json, ribbon.status, ribbon.json]).toEqual([200, {}, 200, {}]);
    const product = await s.getProduct(TEE, s.visitor);
    expect(product.brand).toBeUndefined();
    expect(product.ribbon).toBeUndefined();
    expect(product.ribbons).toEqual([]);
    const mismatch = await s.asMerchant('POST', `/stores/v1/products/${TEE}/remove-brand`, { id: LINEN });
    expect(mismatch.status).toBe(400);
  });
});

describe('product media', () => {
  const mediaOf = async (s: Awaited<ReturnType<typeof setup>>) => {
    const p = await s.getProduct(TEE);
    const navy = p.productOptions[1].choices[2];
    return { items: p.media.items, main: p.media.mainMedia, navy: navy.media?.items ?? [] };
  };

  it('adds media by URL and platform URI, to a choice as well, and removes it again', async () => {
    const s = await setup();
    const recordedChoice = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media`, {
      id: TEE,
      media: [
        { url: 'https://static.wixstatic.com/media/abc.jpg', choice: { option: 'Color', choice: 'Red' } },
      ],
    });
    expect(recordedChoice.status).toBe(400);
    expect(violations(recordedChoice.json)?.[0]).toMatchObject({ field: 'media[0].choice.choice' });

    const res = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media`, {
      id: TEE,
      media: [
        { url: 'https://static.wixstatic.com/media/abc.jpg', choice: { option: 'Color', choice: 'Navy' } },
        { url: 'wix:image://v1/11062b_a1b2c3~mv2.jpg/tee.jpg#originWidth=800&originHeight=600' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    const after = await mediaOf(s);
    expect(after.items).toHaveLength(3);
    expect(after.main.image.url).toBe('https://sandbox.test/_sandbox/media/everyday-cotton-tee.svg');
    expect(after.items[1]).toMatchObject({
      mediaType: 'image',
      image: { url: 'https://static.wixstatic.com/media/abc.jpg' },
    });
    expect(after.items[2]).toEqual({
      id: '11062b_a1b2c3~mv2.jpg',
      title: 'tee.jpg',
      mediaType: 'image',
      image: { url: 'https://static.wixstatic.com/media/11062b_a1b2c3~mv2.jpg', width: 800, height: 600 },
      thumbnail: { url: 'https://static.wixstatic.com/media/11062b_a1b2c3~mv2.jpg', width: 800, height: 600 },
    });
    expect(after.navy.map((m: { id: string }) => m.id)).toEqual([expect.any(String), after.items[1].id]);

    const removed = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media/delete`, {
      id: TEE,
      mediaIds: [after.items[1].id],
    });
    expect(removed.json).toEqual({});
    const final = await mediaOf(s);
    expect(final.items.map((m: { id: string }) => m.id)).toEqual([
      after.items[0].id,
      '11062b_a1b2c3~mv2.jpg',
    ]);
    expect(final.navy).toHaveLength(1);
    const unknown = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media/delete`, {
      id: TEE,
      mediaIds: ['media-1'],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.details.applicationError.code).toBe('MEDIA_NOT_FOUND');
  });

  it('refuses addresses that are not http(s) or platform media URIs', async () => {
    const s = await setup();
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.com/a.jpg',
      'wix:image://v1/',
    ]) {
      const res = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media`, {
        id: TEE,
        media: [{ url }],
      });
      expect(res.status, url).toBe(400);
      expect(violations(res.json), url).toEqual([
        {
          field: 'media[0].url',
          description:
            'must be an http(s) URL or a platform media URI (wix:image://v1/… or wix:video://v1/…)',
          violatedRule: 'FORMAT',
        },
      ]);
    }
    expect((await mediaOf(s)).items).toHaveLength(1);
    const both = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media`, {
      id: TEE,
      media: [{ url: 'https://example.com/a.jpg', mediaId: 'a.jpg' }],
    });
    expect(violations(both.json)?.[0]).toMatchObject({ field: 'media[0]', violatedRule: 'ONE_OF_ALIGNMENT' });
    const size = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media`, {
      id: TEE,
      media: [{ url: 'https://example.com/a.jpg', choice: { option: 'Size', choice: 'Medium' } }],
    });
    expect(size.status).toBe(400);
    expect(violations(size.json)?.[0]?.description).toBe(
      'media can be set on the choices of one option only; this would set it on "Size", "Color"',
    );
  });

  it('links product media to choices and unlinks it', async () => {
    const s = await setup();
    const main = (await mediaOf(s)).main.id;
    const linked = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/choices/media`, {
      id: TEE,
      media: [{ option: 'Color', choice: 'Navy', mediaIds: [main] }],
    });
    expect(linked.status).toBe(200);
    expect(linked.json).toEqual({});
    expect((await mediaOf(s)).navy.map((m: { id: string }) => m.id)).toEqual([expect.any(String), main]);
    const unlinked = await s.asMerchant('POST', `/stores/v1/products/${TEE}/choices/media/delete`, {
      id: TEE,
      media: [{ option: 'Color', choice: 'Navy', mediaIds: [main] }],
    });
    expect(unlinked.json).toEqual({});
    expect((await mediaOf(s)).navy).toHaveLength(1);
    const recorded = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/choices/media`, {
      id: TEE,
      media: [{ option: 'Color', choice: 'Navy', mediaIds: ['media-1'] }],
    });
    expect(recorded.status).toBe(404);
    const clearAll = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media/delete`, {
      id: TEE,
      mediaIds: [],
    });
    expect(clearAll.status).toBe(200);
    const empty = await s.getProduct(TEE);
    expect(empty.media).toEqual({ items: [] });
    expect(empty.productOptions[1].choices.every((c: { media?: unknown }) => c.media === undefined)).toBe(
      true,
    );
    const variant = await s.call('GET', `/stores-reader/v1/variants/${TEE}-${teeVariant(1)}`, {
      headers: s.visitor,
    });
    expect(variant.json.variant.media).toBeUndefined();
  });
});

describe('collection writes', () => {
  it('creates collections with unique slugs', async () => {
    const s = await setup();
    const recorded = await s.asMerchant('POST', '/stores/v1/collections', {
      collection: { name: 'Summer', description: 'Summer picks', slug: 'summer' },
    });
    expect(recorded.status).toBe(409);
    expect(recorded.json.details.applicationError).toEqual({
      code: 'SLUG_ALREADY_EXISTS',
      description: 'The slug "summer" is already used by another collection',
      data: { slug: 'summer' },
    });
    const res = await s.asMerchant('POST', '/stores/v1/collections', {
      collection: { name: 'Summer', description: 'Summer picks', slug: 'summer-24' },
    });
    expect(res.status).toBe(200);
    expect(res.json.collection).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Summer',
      slug: 'summer-24',
      description: 'Summer picks',
      visible: true,
      numberOfProducts: 0,
      media: { items: [] },
    });
    const generated = await s.asMerchant('POST', '/stores/v1/collections', {
      collection: {
        name: 'Winter Picks',
        media: {
          mainMedia: { image: { url: 'wix:image://v1/w1~mv2.jpg/w.jpg#originWidth=10&originHeight=20' } },
        },
      },
    });
    expect(generated.json.collection).toMatchObject({
      slug: 'winter-picks',
      media: {
        mainMedia: {
          id: 'w1~mv2.jpg',
          image: { url: 'https://static.wixstatic.com/media/w1~mv2.jpg', width: 10 },
        },
      },
    });
    const readBack = await s.call('GET', '/v2/collections/slug/winter-picks', { headers: s.visitor });
    expect(readBack.json.collection.id).toBe(generated.json.collection.id);
    const invalid = await s.asMerchant('POST', '/stores/v1/collections', {
      collection: { description: 'x', media: { items: [{ image: { url: 'javascript:alert(1)' } }] } },
    });
    expect(violations(invalid.json)).toEqual([
      {
        field: 'collection.media.items[0].image.url',
        description: 'must be an http(s) URL or a wix:image://v1/… media URI',
        violatedRule: 'FORMAT',
      },
      { field: 'collection.name', description: 'is required', violatedRule: 'REQUIRED_FIELD' },
    ]);
  });

  it('adds and removes products; membership shows in queries and counts', async () => {
    const s = await setup();
    const created = (await s.asMerchant('POST', '/stores/v1/collections', { collection: { name: 'Gifts' } }))
      .json.collection;
    const add = await s.asMerchant('POST', `/stores/v1/collections/${created.id}/productIds`, {
      id: created.id,
      productIds: [TEE, MUG],
    });
    expect(add.status).toBe(200);
    expect(add.json).toEqual({});
    const members = await s.queryProducts({
      query: { filter: { collectionIds: created.id }, sort: [{ fieldName: 'name' }] },
    });
    expect(members.json.products.map((p: { id: string }) => p.id)).toEqual([TEE, MUG]);
    expect(
      (await s.call('GET', `/v2/collections/${created.id}`, { headers: s.visitor })).json.collection
        .numberOfProducts,
    ).toBe(2);
    expect((await s.getProduct(MUG)).collectionIds).toEqual([ALL, collection('home-goods'), created.id]);

    const remove = await s.asMerchant('POST', `/stores/v1/collections/${created.id}/productIds/delete`, {
      id: created.id,
      productIds: [TEE],
    });
    expect(remove.json).toEqual({});
    const left = await s.queryProducts({ query: { filter: { collectionIds: { $hasSome: [created.id] } } } });
    expect(left.json.products.map((p: { id: string }) => p.id)).toEqual([MUG]);
    expect(
      (await s.call('GET', `/v2/collections/${created.id}`, { headers: s.visitor })).json.collection
        .numberOfProducts,
    ).toBe(1);
  });

  it('refuses to edit All Products, unknown products and malformed ids', async () => {
    const s = await setup();
    const recordedAdd = await s.asMerchant('POST', `/stores/v1/collections/${ALL}/productIds`, {
      id: ALL,
      productIds: [TEE, '1a2b3c4d-0000-4000-8000-000000000002'],
    });
    expect(recordedAdd.status).toBe(400);
    expect(recordedAdd.json.details.applicationError.code).toBe('ALL_PRODUCTS_COLLECTION_NOT_EDITABLE');
    const recordedRemove = await s.asMerchant('POST', `/stores/v1/collections/${ALL}/productIds/delete`, {
      id: ALL,
      productIds: [TEE],
    });
    expect(recordedRemove.status).toBe(400);
    const unknown = await s.asMerchant('POST', `/stores/v1/collections/${SUMMER}/productIds`, {
      id: SUMMER,
      productIds: [MUG, '1a2b3c4d-0000-4000-8000-000000000002'],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.details.applicationError).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      data: { productIds: ['1a2b3c4d-0000-4000-8000-000000000002'] },
    });
    expect((await s.getProduct(MUG)).collectionIds).not.toContain(SUMMER);
    const malformed = await s.asMerchant('POST', `/stores/v1/collections/${SUMMER}/productIds`, {
      productIds: ['nope'],
    });
    expect(violations(malformed.json)).toEqual([
      { field: 'productIds[0]', description: 'must be a GUID, got "nope"', violatedRule: 'FORMAT' },
    ]);
    const noCollection = await s.asMerchant('POST', `/stores/v1/collections/${MISSING}/productIds`, {
      productIds: [MUG],
    });
    expect(noCollection.status).toBe(404);
  });

  it('updates a collection, keeping slugs unique', async () => {
    const s = await setup();
    const recorded = await s.asMerchant('PATCH', `/stores/v1/collections/${SUMMER}`, {
      collection: { name: 'Summer 24', visible: true, id: SUMMER },
    });
    expect(recorded.status).toBe(200);
    expect(recorded.json.collection).toMatchObject({
      id: SUMMER,
      name: 'Summer 24',
      slug: 'summer',
      numberOfProducts: 4,
    });
    expect(
      (await s.call('GET', '/v2/collections/slug/summer', { headers: s.visitor })).json.collection.name,
    ).toBe('Summer 24');
    const clash = await s.asMerchant('PATCH', `/stores/v1/collections/${SUMMER}`, {
      collection: { slug: 'apparel' },
    });
    expect(clash.status).toBe(409);
    const mismatch = await s.asMerchant('PATCH', `/stores/v1/collections/${SUMMER}`, {
      collection: { id: ALL },
    });
    expect(mismatch.status).toBe(400);
  });

  it('deletes a collection and takes it off its products; All Products stays', async () => {
    const s = await setup();
    const all = await s.call('DELETE', `/stores/v1/collections/${ALL}?id=${ALL}`, { headers: KEY });
    expect(all.status).toBe(400);
    const res = await s.call('DELETE', `/stores/v1/collections/${SUMMER}?id=${SUMMER}`, { headers: KEY });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({});
    expect((await s.call('GET', `/v2/collections/${SUMMER}`, { headers: KEY })).status).toBe(404);
    expect((await s.getProduct(TEE)).collectionIds).toEqual([ALL, collection('apparel')]);
    expect(
      (await s.queryProducts({ query: { filter: { collectionIds: SUMMER } } })).json.metadata.total,
    ).toBe(0);
  });
});

describe('bulk product edits', () => {
  it('sets the recorded price: unknown ids fail alone, surcharged variants keep their price', async () => {
    const s = await setup();
    const unknown = '1a2b3c4d-0000-4000-8000-000000000002';
    const res = await s.asMerchant('POST', '/stores/v1/bulk/products/update', {
      ids: [TEE, unknown],
      set: { price: 10 },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      results: [
        { itemMetadata: { id: TEE, originalIndex: 0, success: true } },
        {
          itemMetadata: {
            id: unknown,
            originalIndex: 1,
            success: false,
            error: { code: 'PRODUCT_NOT_FOUND', description: `Product ${unknown} not found` },
          },
        },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
    });
    const tee = await s.getProduct(TEE, s.visitor);
    expect(tee.priceData).toMatchObject({ price: 10, formatted: { price: '$10.00' } });
    expect(tee.priceRange).toEqual({ minValue: 10, maxValue: 27 });
  });

  it('adjusts the recorded price by 10 %: priceData, ranges, formatted strings and surcharges', async () => {
    const s = await setup();
    const res = await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      adjust: { price: { percentage: 10 } },
      ids: [TEE],
    });
    expect(res.json.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 0,
      undetailedFailures: 0,
    });
    const tee = await s.getProduct(TEE);
    expect(tee.priceData).toEqual({
      currency: 'USD',
      price: 27.5,
      discountedPrice: 27.5,
      formatted: { price: '$27.50', discountedPrice: '$27.50' },
    });
    expect(tee.priceRange).toEqual({ minValue: 27.5, maxValue: 29.5 });
    expect(tee.variants[9].variant.priceData.formatted.price).toBe('$29.50');
    expect(tee.costAndProfitData).toMatchObject({ itemCost: 9, profit: 18.5, formattedProfit: '$18.50' });
    const ebook = await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      adjust: { price: { percentage: { rate: 33 } } },
      ids: [EBOOK],
    });
    expect(ebook.json.bulkActionMetadata.totalSuccesses).toBe(1);
    expect((await s.getProduct(EBOOK)).priceData.price).toBe(13.29);
    await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      adjust: { price: { percentage: { rate: 33, roundToInt: true } } },
      ids: [EBOOK],
    });
    expect((await s.getProduct(EBOOK)).priceData.price).toBe(18);
  });

  it('fails only the items an adjustment would make negative', async () => {
    const s = await setup();
    const res = await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      adjust: { price: { amount: -30 } },
      ids: [TEE, MUG, SUNGLASSES],
    });
    expect(
      res.json.results.map((r: { itemMetadata: { success: boolean } }) => r.itemMetadata.success),
    ).toEqual([false, false, true]);
    expect(res.json.results[0].itemMetadata.error).toEqual({
      code: 'NEGATIVE_VALUE',
      description: `This would make the price of product ${TEE} negative (-5.00)`,
    });
    expect(res.json.bulkActionMetadata).toEqual({
      totalSuccesses: 1,
      totalFailures: 2,
      undetailedFailures: 0,
    });
    expect((await s.getProduct(TEE)).priceData.price).toBe(25);
    expect((await s.getProduct(MUG)).priceData.price).toBe(18);
    expect((await s.getProduct(SUNGLASSES)).priceData).toMatchObject({
      price: 55,
      formatted: { price: '$55.00' },
    });
  });

  it('edits weight and cost; a digital product fails a weight edit', async () => {
    const s = await setup();
    const set = await s.asMerchant('POST', '/stores/v1/bulk/products/update', {
      ids: [EBOOK, MUG],
      set: { weight: 1.25 },
    });
    expect(set.json.results[0].itemMetadata).toEqual({
      id: EBOOK,
      originalIndex: 0,
      success: false,
      error: {
        code: 'WEIGHT_NOT_APPLICABLE',
        description: `Product ${EBOOK} ("Field Notes: A Maker’s Guide (e-book)") is digital: digital products have no weight`,
      },
    });
    expect(set.json.results[1].itemMetadata.success).toBe(true);
    expect((await s.getProduct(MUG)).weightRange).toEqual({ minValue: 1.25, maxValue: 1.25 });
    await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      adjust: { weight: { percentage: 10 } },
      ids: [TEE],
    });
    expect((await s.getProduct(TEE)).weight).toBe(0.22);
    await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      adjust: { weight: { amount: 0.1 } },
      ids: [TEE],
    });
    expect((await s.getProduct(TEE)).weightRange).toEqual({ minValue: 0.32, maxValue: 0.32 });
    await s.asMerchant('POST', '/stores/v1/bulk/products/update', { ids: [LINEN], set: { cost: 12.5 } });
    const linen = await s.getProduct(LINEN);
    expect(linen.costAndProfitData).toMatchObject({ itemCost: 12.5, profit: 35.5 });
    expect(linen.costRange).toEqual({ minValue: 12.5, maxValue: 12.5 });
  });

  it('validates the request as a whole', async () => {
    const s = await setup();
    const two = await s.asMerchant('POST', '/stores/v1/bulk/products/update', {
      ids: [TEE],
      set: { price: 1, cost: 1 },
    });
    expect(violations(two.json)).toEqual([
      {
        field: 'set',
        description: 'must set exactly one of price, cost, weight, ribbon, brand (got price, cost)',
        violatedRule: 'ONE_OF_ALIGNMENT',
      },
    ]);
    const negative = await s.asMerchant('POST', '/stores/v1/bulk/products/update', {
      ids: [TEE],
      set: { price: -1 },
    });
    expect(violations(negative.json)).toEqual([
      { field: 'set.price', description: 'must be at least 0', violatedRule: 'DECIMAL_GTE' },
    ]);
    const pct = await s.asMerchant('POST', '/stores/v1/bulk/products/adjust-properties', {
      ids: [],
      adjust: { price: { percentage: 2000 } },
    });
    expect(violations(pct.json)).toEqual([
      { field: 'adjust.price.percentage', description: 'must be at most 1000', violatedRule: 'MAX' },
      { field: 'ids', description: 'must hold at least 1 item', violatedRule: 'MIN_SIZE' },
    ]);
    const visitor = await s.call('POST', '/stores/v1/bulk/products/adjust-properties', {
      headers: s.visitor,
      body: { ids: [TEE], adjust: { price: { percentage: 10 } } },
    });
    expect(visitor.status).toBe(403);
    expect((await s.getProduct(TEE)).priceData.price).toBe(25);
  });
});

describe('catalogue writes: a list entry that is not an object', () => {
  it('is a FORMAT violation at its own path, beside the entries that are fine', async () => {
    const s = await setup();
    const objectsOnly = (json: Parameters<typeof violations>[0]) =>
      (violations(json) ?? []).filter((f) => f.description === 'must be an object').map((f) => f.field);
    const create = await s.asMerchant('POST', '/stores/v1/products', {
      product: {
        name: 'Odd options',
        productType: 'physical',
        priceData: { price: 5 },
        productOptions: [1, { name: 'Size', choices: ['M', { value: 'L', description: 'Large' }] }],
      },
    });
    expect(create.status).toBe(400);
    expect(objectsOnly(create.json)).toEqual([
      'product.productOptions[0]',
      'product.productOptions[1].choices[0]',
    ]);
    const variants = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/variants`, { variants: ['x'] });
    expect(objectsOnly(variants.json)).toEqual(['variants[0]']);
    const media = await s.asMerchant('POST', `/stores/v1/products/${TEE}/media`, { media: [null] });
    expect(objectsOnly(media.json)).toEqual(['media[0]']);
    const choices = await s.asMerchant('PATCH', `/stores/v1/products/${TEE}/choices/media`, { media: [3] });
    expect(objectsOnly(choices.json)).toEqual(['media[0]']);
  });
});
