import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../sandbox/passwords';
import { createSeed, DEMO_MEMBER } from '../../../sandbox/seed';
import { testSandbox } from '../../helpers/sandbox';

const seed = createSeed('https://sandbox.test');
const products = [...seed.products.values()];
const members = [...seed.members.values()];

describe('the seed', () => {
  it('is deterministic', () => {
    expect(createSeed('https://sandbox.test')).toEqual(seed);
  });

  it('has at least 12 products, physical and digital', () => {
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(products.some((p) => p.productType === 'physical')).toBe(true);
    expect(products.some((p) => p.productType === 'digital')).toBe(true);
    for (const p of products) {
      expect(p.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
      expect(p.priceData?.formatted?.price).toMatch(/^\$\d/);
    }
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
  });

  it('has drop-down and colour options with a variant for every combination', () => {
    const tee = products.find((p) => p.slug === 'everyday-cotton-tee');
    expect(tee?.productOptions?.map((o) => o.optionType)).toEqual(['drop_down', 'color']);
    expect(tee?.variants).toHaveLength(4 * 3);
    expect(tee?.manageVariants).toBe(true);
    const xl = tee?.variants?.find((v) => v.choices?.Size === 'Extra large');
    expect(xl?.variant?.priceData?.price).toBe(27);
    expect(tee?.priceRange).toEqual({ minValue: 25, maxValue: 27 });
    const navy = tee?.productOptions?.[1]?.choices?.find((c) => c.description === 'Navy');
    expect(navy?.value).toBe('#1F2A44');
    expect(navy?.media?.mainMedia?.image?.url).toBe(
      'https://sandbox.test/_sandbox/media/everyday-cotton-tee-navy.svg',
    );
  });

  // Catalogue v1: a choice's description is the name shoppers see and the one variants are keyed by; its
  // value is internal: a colour's code, and for a drop-down (as the dashboard makes them) the same text.
  it('names choices as the platform does: variants by description, colours’ values are their codes', () => {
    for (const product of products) {
      for (const option of product.productOptions ?? []) {
        for (const choice of option.choices ?? []) {
          if (option.optionType === 'color') {
            expect(choice.value, `${product.slug} ${choice.description}`).toMatch(/^#[0-9A-F]{6}$/);
            expect(choice.description).toMatch(/^[A-Z][a-z]+$/);
          } else expect(choice.value).toBe(choice.description);
        }
      }
      for (const variant of product.variants ?? []) {
        for (const [name, chosen] of Object.entries(variant.choices ?? {})) {
          const option = product.productOptions?.find((o) => o.name === name);
          expect(
            option?.choices?.map((c) => c.description),
            `${product.slug} ${name}`,
          ).toContain(chosen);
        }
      }
    }
  });

  it('has one product out of stock and one partly out of stock', () => {
    const out = products.filter((p) => p.stock?.inventoryStatus === 'OUT_OF_STOCK');
    expect(out.map((p) => p.slug)).toEqual(['canvas-tote']);
    expect(out[0]?.stock).toMatchObject({ trackInventory: true, inStock: false, quantity: 0 });
    const partial = products.filter((p) => p.stock?.inventoryStatus === 'PARTIALLY_OUT_OF_STOCK');
    expect(partial.map((p) => p.slug)).toContain('wool-beanie');
    const beanie = partial.find((p) => p.slug === 'wool-beanie');
    const choices = beanie?.productOptions?.[0]?.choices ?? [];
    expect(choices.map((c) => [c.description, c.inStock])).toEqual([
      ['Charcoal', true],
      ['Mustard', false],
      ['Forest', true],
    ]);
  });

  it('has discounted products with consistent prices', () => {
    const shirt = products.find((p) => p.slug === 'linen-shirt');
    expect(shirt?.discount).toEqual({ type: 'PERCENT', value: 20 });
    expect(shirt?.priceData).toMatchObject({ price: 60, discountedPrice: 48 });
    expect(shirt?.priceData?.formatted).toMatchObject({ price: '$60.00', discountedPrice: '$48.00' });
    const wallet = products.find((p) => p.slug === 'leather-wallet');
    expect(wallet?.priceData).toMatchObject({ price: 55, discountedPrice: 45 });
    expect(wallet?.costAndProfitData).toMatchObject({ itemCost: 18, profit: 27, profitMargin: 0.6 });
  });

  it('has ribbons, brands and digital products without weight', () => {
    expect(products.filter((p) => p.ribbon).length).toBeGreaterThanOrEqual(3);
    expect(new Set(products.map((p) => p.brand).filter(Boolean)).size).toBeGreaterThanOrEqual(3);
    const ebook = products.find((p) => p.productType === 'digital');
    expect(ebook?.weight).toBeUndefined();
    expect(products.find((p) => p.slug === 'pothos-plant')?.weightRange).toEqual({
      minValue: 1.5,
      maxValue: 1.5,
    });
  });

  it('serves every image it names', async () => {
    const { call } = testSandbox();
    const urls = new Set<string>();
    for (const p of products) {
      for (const item of p.media?.items ?? []) if (item.image?.url) urls.add(item.image.url);
      for (const o of p.productOptions ?? [])
        for (const c of o.choices ?? [])
          if (c.media?.mainMedia?.image?.url) urls.add(c.media.mainMedia.image.url);
    }
    for (const m of members) if (m.profile?.photo?.url) urls.add(m.profile.photo.url);
    for (const c of seed.collections.values())
      if (c.media?.mainMedia?.image?.url) urls.add(c.media.mainMedia.image.url);
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) {
      expect(url.startsWith('https://sandbox.test/_sandbox/media/')).toBe(true);
      expect((await call('GET', url.slice('https://sandbox.test'.length))).status, url).toBe(200);
    }
  });

  it('has at least 3 collections with unique slugs, and every product is in one', () => {
    const collections = [...seed.collections.values()];
    expect(collections.length).toBeGreaterThanOrEqual(3);
    expect(new Set(collections.map((c) => c.slug)).size).toBe(collections.length);
    const ids = new Set(collections.map((c) => c.id));
    for (const p of products) {
      expect(p.collectionIds?.length).toBeGreaterThanOrEqual(2);
      for (const id of p.collectionIds ?? []) expect(ids.has(id)).toBe(true);
    }
  });

  it('has at least 6 members covering every member status, privacy and activity status', () => {
    expect(members.length).toBeGreaterThanOrEqual(6);
    expect(new Set(members.map((m) => m.status))).toEqual(
      new Set(['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE']),
    );
    expect(new Set(members.map((m) => m.privacyStatus))).toEqual(new Set(['UNKNOWN', 'PRIVATE', 'PUBLIC']));
    expect(new Set(members.map((m) => m.activityStatus))).toEqual(new Set(['UNKNOWN', 'ACTIVE', 'MUTED']));
    expect(new Set(members.map((m) => m.profile?.slug)).size).toBe(members.length);
  });

  it('has the demo member Jane, approved, whose password is hashed and verifies', () => {
    const jane = members.find((m) => m.loginEmail === DEMO_MEMBER.email);
    expect(jane).toMatchObject({ status: 'APPROVED', profile: { nickname: 'Jane' } });
    const identity = seed.identities.get(DEMO_MEMBER.email);
    expect(identity?.passwordHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(seed)).not.toContain(DEMO_MEMBER.password);
    if (!identity) throw new Error('no identity');
    expect(verifyPassword(DEMO_MEMBER.password, identity.salt, identity.passwordHash)).toBe(true);
    expect(verifyPassword('wrong-password', identity.salt, identity.passwordHash)).toBe(false);
  });

  it('has the coupons SAVE10, TENOFF and FREESHIP', () => {
    const byCode = new Map(seed.coupons.map((c) => [c.code, c]));
    expect(byCode.get('SAVE10')).toMatchObject({ kind: 'percentage', value: 10 });
    expect(byCode.get('TENOFF')).toMatchObject({ kind: 'amount', value: 1000 });
    expect(byCode.get('FREESHIP')).toMatchObject({ kind: 'freeShipping' });
  });

  it('has standard, express with delivery time slots, and store pickup with an address', () => {
    const byCode = new Map(seed.shippingOptions.map((s) => [s.code, s]));
    expect(byCode.get('standard')?.costCents).toBe(500);
    expect(byCode.get('express')?.timeSlotHours?.length).toBeGreaterThan(0);
    expect(byCode.get('store-pickup')?.pickup).toMatchObject({
      method: 'STORE_PICKUP',
      address: { city: 'Portland', country: 'US' },
    });
    expect(byCode.get('international')?.countries).toEqual(['*']);
  });
});
