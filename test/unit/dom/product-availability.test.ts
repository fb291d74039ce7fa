import { describe, expect, it } from 'vitest';
import type { Product, ProductOptionsAvailabilityResponse } from '../../../src/api/types/products';
import {
  choiceName,
  choiceStates,
  initialSelection,
  offerOf,
  optionsOf,
  type Selection,
  variantOf,
} from '../../../src/widgets/product/availability';
import { testSandbox } from '../../helpers/sandbox';

const ADMIN = { authorization: 'sandbox-admin-key' };

async function catalogue() {
  const harness = testSandbox();
  const product = async (slug: string): Promise<Product> => {
    const found = [...harness.sandbox.context.state.products.values()].find((p) => p.slug === slug);
    const { json } = await harness.call('GET', `/stores-reader/v1/products/${found?.id}`, { headers: ADMIN });
    return json.product;
  };
  const availability = async (p: Product, options: Selection): Promise<ProductOptionsAvailabilityResponse> =>
    (
      await harness.call('POST', `/stores-reader/v1/products/${p.id}/productOptionsAvailability`, {
        body: { id: p.id, options },
        headers: ADMIN,
      })
    ).json;
  return { ...harness, product, availability };
}

/** Every partial selection of a product's options: each option unset or any of its choices. */
function selections(product: Product): Selection[] {
  let all: Selection[] = [{}];
  for (const option of optionsOf(product)) {
    const name = option.name ?? '';
    all = all.flatMap((s) => [s, ...(option.choices ?? []).map((c) => ({ ...s, [name]: choiceName(c) }))]);
  }
  return all;
}

describe('option availability, worked out from the variants', () => {
  it('agrees with the platform’s productOptionsAvailability for every partial selection of every seeded product', async () => {
    const { sandbox, availability, product } = await catalogue();
    const slugs = [...sandbox.context.state.products.values()].map((p) => p.slug as string);
    let compared = 0;
    for (const slug of slugs) {
      const p = await product(slug);
      for (const selection of selections(p)) {
        const answer = await availability(p, selection);
        const states = choiceStates(p, selection);
        for (const option of answer.productOptions ?? []) {
          for (const choice of option.choices ?? []) {
            const mine = states[option.name ?? '']?.[choiceName(choice)];
            const platform = !choice.visible ? 'unavailable' : choice.inStock ? 'available' : 'soldOut';
            expect(mine, `${slug} ${JSON.stringify(selection)} ${option.name}=${choiceName(choice)}`).toBe(
              platform,
            );
            compared++;
          }
        }
        // The platform names the variant only when the selection picks exactly one (a product without options: its one).
        const variant = variantOf(p, selection);
        expect(variant?.variant?.sku, `${slug} ${JSON.stringify(selection)}`).toBe(
          answer.selectedVariant?.sku,
        );
        if (variant) expect(offerOf(p, selection).available).toBe(answer.availableForPurchase);
      }
    }
    expect(compared).toBe(206);
  });

  it('marks a sold-out colour for the choices made, and opens with the first variant in stock', async () => {
    const { product } = await catalogue();
    const beanie = await product('wool-beanie');
    expect(choiceStates(beanie, {}).Color).toEqual({
      Charcoal: 'available',
      Mustard: 'soldOut',
      Forest: 'available',
    });
    expect(initialSelection(beanie)).toEqual({ Color: 'Charcoal' });
    expect(offerOf(beanie, { Color: 'Forest' })).toMatchObject({ available: true, left: 3, max: 3 });
    expect(offerOf(beanie, { Color: 'Mustard' })).toMatchObject({ available: false, left: 0 });
    const tee = await product('everyday-cotton-tee');
    expect(initialSelection(tee)).toEqual({ Size: 'Small', Color: 'White' });
    // The surcharge of a size is the variant's price.
    expect(offerOf(tee, { Size: 'Extra large', Color: 'Navy' }).price?.price).toBe(27);
    expect(offerOf(tee, { Size: 'Extra large', Color: 'Navy' }).sku).toBe('NW-TEE-XL-NAVY');
  });

  it('starts from the first variant in stock when the first ones are sold out', async () => {
    const { product } = await catalogue();
    const tee = await product('everyday-cotton-tee');
    // The merchant sells out every small tee and hides the large white one.
    const inventory = [...(tee.variants ?? [])].map((v) => v);
    for (const v of inventory)
      if (v.choices?.Size === 'Small' && v.stock) v.stock = { ...v.stock, inStock: false, quantity: 0 };
    const hidden = inventory.find((v) => v.choices?.Size === 'Large' && v.choices.Color === 'White');
    if (hidden?.variant) hidden.variant.visible = false;
    expect(initialSelection(tee)).toEqual({ Size: 'Medium', Color: 'White' });
    expect(choiceStates(tee, { Color: 'White' }).Size).toEqual({
      Small: 'soldOut',
      Medium: 'available',
      Large: 'unavailable',
      'Extra large': 'available',
    });
    expect(offerOf(tee, { Size: 'Large', Color: 'White' }).available).toBe(false);
    // The platform agrees once the merchant hides that variant there.
    const { call, availability } = await catalogue();
    const res = await call('PATCH', `/stores/v1/products/${tee.id}/variants`, {
      headers: ADMIN,
      body: { variants: [{ choices: { Size: 'Large', Color: 'White' }, visible: false }] },
    });
    expect(res.status).toBe(200);
    const answer = await availability(tee, { Color: 'White' });
    const large = answer.productOptions?.[0]?.choices?.find((c) => c.description === 'Large');
    expect(large).toMatchObject({ visible: false });
  });

  it('leaves out choices the merchant hides, and handles a product without options or variants', async () => {
    const { product } = await catalogue();
    const mug = await product('stoneware-mug');
    expect(optionsOf(mug)).toEqual([]);
    expect(initialSelection(mug)).toEqual({});
    expect(offerOf(mug, {})).toMatchObject({ available: true, left: 5, max: 5, sku: 'KC-MUG' });
    const tote = await product('canvas-tote');
    expect(offerOf(tote, {})).toMatchObject({ available: false, left: 0, max: 1 });
    const socks = await product('running-socks');
    expect(offerOf(socks, { Size: 'EU 40–43' })).toMatchObject({
      available: true,
      left: undefined,
      max: 9999,
    });
    const bottle = await product('steel-bottle');
    const noVariants: Product = {
      ...bottle,
      variants: [],
      productOptions: bottle.productOptions?.map((o) => ({
        ...o,
        choices: o.choices?.map((c) => ({
          ...c,
          inStock: c.description !== 'Sand',
          visible: c.description !== 'Slate',
        })),
      })),
    };
    expect(optionsOf(noVariants)[0]?.choices?.map(choiceName)).toEqual(['Sage', 'Sand']);
    expect(choiceStates(noVariants, {}).Color).toEqual({ Sage: 'available', Sand: 'soldOut' });
    expect(initialSelection(noVariants)).toEqual({ Color: 'Sage' });
  });
});
