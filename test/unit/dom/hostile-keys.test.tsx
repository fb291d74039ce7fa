/**
 * Names from outside (slugs, option and choice names, attribute values, the page's texts overrides) that are
 * also the names of Object.prototype's members: `constructor`, `__proto__`, `toString`… A lookup on a plain
 * object finds the built-in member, and `obj["__proto__"] = v` sets the prototype instead of a key.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlDecodeJson } from '../../../src/api/base64';
import type { Product } from '../../../src/api/types/products';
import { createSession } from '../../../src/auth/session';
import { memoryStorage } from '../../../src/auth/storage';
import { type EmbedConfig, readEmbedConfig } from '../../../src/config';
import { readAddToCart, readPickers } from '../../../src/host-add-to-cart';
import { readKey } from '../../../src/store/product-keys';
import { createStorefrontStore } from '../../../src/store/store';
import { choiceStates, initialSelection } from '../../../src/widgets/product/availability';
import { product as productElement } from '../../../src/widgets/product/index';
import { pricesOf } from '../../../src/widgets/product/price';
import { productStrings } from '../../../src/widgets/product/strings';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';
import { TEST_CONFIG, textOf } from '../../helpers/widget';

const ADMIN = { authorization: 'sandbox-admin-key' };

/** The names of Object.prototype's members, and a few more a lookup could trip on. */
const HOSTILE = [
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'prototype',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

/** An object with these own keys (an object literal's `__proto__:` would set its prototype instead). */
const record = (pairs: [string, string][]) => Object.fromEntries(pairs);
/** A record's own entry only (what a plain lookup of `__proto__` or `constructor` is not). */
const ownEntry = <T,>(table: Record<string, T> | undefined, key: string): T | undefined =>
  table && Object.hasOwn(table, key) ? table[key] : undefined;

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  vi.restoreAllMocks();
});

/**
 * The first element matching `selector` in the element's shadow root, once the view has rendered it: a
 * MutationObserver, no timer (a view that never renders it fails the test at the test's own timeout).
 */
function whenShown<T extends Element = Element>(root: ShadowRoot, selector: string): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => check());
    const check = () => {
      const found = root.querySelector<T>(selector);
      if (!found) return;
      observer.disconnect();
      resolve(found);
    };
    observer.observe(root, { childList: true, subtree: true, attributes: true, characterData: true });
    check();
  });
}

/** The slug a catalogue query asked for: in its `.r=` (a GET) or its body (a long query's POST). */
async function askedSlug(request: Request): Promise<unknown> {
  const r = new URL(request.url).searchParams.get('.r');
  const sent = (r ? base64UrlDecodeJson(r) : await request.clone().json()) as {
    query?: { filter?: { slug?: unknown } };
  };
  return sent.query?.filter?.slug;
}

/**
 * An `<sf-product>` with these attributes on the real store and session against an in-process sandbox, every
 * catalogue query's slug recorded; resolves once its read is done and its texts are here.
 */
async function mountProduct(
  harness: ReturnType<typeof testSandbox>,
  attributes: Record<string, string>,
  config: Partial<EmbedConfig> = {},
) {
  const asked: unknown[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).pathname.endsWith('/products/query-platformized'))
      asked.push(await askedSlug(request));
    return harness.sandbox.fetch(request);
  };
  const storage = memoryStorage();
  const store = createStorefrontStore({
    session: (tokens) =>
      createSession({ clientId: 'demo-client', apiBase: SANDBOX_ORIGIN, fetch, storage, tokens }),
    storage,
  });
  const host = document.createElement('sf-product');
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const full = { ...TEST_CONFIG, ...config };
  const unmount = productElement.mount(root, host, { config: full, store });
  cleanups.push(() => {
    unmount();
    host.remove();
    store.getState().destroy();
  });
  // The explicit signals: the element's read (this call joins it) and its texts (the same download).
  await store
    .getState()
    .loadProduct(attributes.slug ? { slug: attributes.slug } : { id: attributes['product-id'] ?? '' });
  await productStrings(full.lang, full.strings);
  return { store, root, asked };
}

/** A product the merchant makes in the sandbox (as the sandbox takes it), or undefined when it refuses it. */
async function createProduct(harness: ReturnType<typeof testSandbox>, product: Record<string, unknown>) {
  const res = await harness.call('POST', '/stores/v1/products', {
    headers: ADMIN,
    body: {
      product: {
        name: 'Hostile Goods',
        productType: 'physical',
        priceData: { price: 5 },
        visible: true,
        ...product,
      },
    },
  });
  return res.status === 200 ? (res.json.product as Product) : undefined;
}

/** `<sf-product slug=…>`; with `create`, the merchant makes a product with that slug first (when the sandbox takes it). */
async function showProduct(slug: string, create: boolean) {
  const harness = testSandbox();
  const made = create ? await createProduct(harness, { slug }) : undefined;
  const created = made?.slug === slug ? made : undefined;
  const seeded = [...harness.sandbox.context.state.products.values()].some((p) => p.slug === slug);
  const shown = await mountProduct(harness, { slug });
  return { ...shown, created, found: created !== undefined || seeded };
}

describe('<sf-product slug=…> with any slug', () => {
  // About 60 elements on fresh sandboxes: more than the default 5 s on a busy machine.
  it('sends one query for that very slug, then shows the product or says it is not there: never loading for good', {
    timeout: 60_000,
  }, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const slug = fc
      .oneof(
        { arbitrary: fc.constantFrom(...HOSTILE), weight: 3 },
        { arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), weight: 2 },
        { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 100 }), weight: 1 },
        { arbitrary: fc.string({ unit: 'grapheme', minLength: 3000, maxLength: 6000 }), weight: 1 },
        { arbitrary: fc.constantFrom('a'.repeat(5000), '👍🏽'.repeat(1200), 'Ünïcødé-中文-שלום'), weight: 1 },
      )
      .map((raw) => raw.trim())
      .filter((trimmed) => trimmed.length > 0);
    await fc.assert(
      fc.asyncProperty(slug, fc.boolean(), async (wanted, create) => {
        const shown = await showProduct(wanted, create);
        expect(shown.asked).toEqual([wanted]);
        const read = shown.store.getState().products.reads[readKey({ slug: wanted })];
        expect(read?.status).toBe(shown.found ? 'ready' : 'missing');
        if (shown.created) expect(read?.id).toBe(shown.created.id);
        // The view follows the read (a render away): the product's card, or the words for a missing one.
        const shownPart = await whenShown(shown.root, '[part="card"], [part="missing"]');
        expect(shownPart.getAttribute('part')).toBe(shown.found ? 'card' : 'missing');
        if (shown.created) expect(textOf(shownPart.querySelector('[part="name"]'))).toBe('Hostile Goods');
        if (!shown.found) expect(textOf(shownPart)).toBe('This product is not available.');
        for (const cleanup of cleanups) cleanup();
        cleanups = [];
      }),
      {
        numRuns: 40,
        seed: 22,
        examples: HOSTILE.flatMap((name) => [
          [name, true],
          [name, false],
        ]),
      },
    );
  });
});

describe('option and choice names from the catalogue', () => {
  /** A product without variants: each choice's own stock flag is all there is. */
  const oddProduct = {
    id: 'p1',
    productOptions: [
      {
        name: '__proto__',
        optionType: 'color',
        choices: [
          { value: '#000000', description: '__proto__', inStock: false, visible: true },
          { value: '#ffffff', description: 'toString', inStock: true, visible: true },
        ],
      },
      {
        name: 'constructor',
        optionType: 'drop_down',
        choices: [
          { value: 'constructor', description: 'constructor', inStock: true, visible: true },
          { value: 'valueOf', description: 'valueOf', inStock: false, visible: true },
        ],
      },
    ],
  } as Product;

  it('keeps every option’s and choice’s state under its own name, `__proto__` and `constructor` too', () => {
    const states = choiceStates(oddProduct, {});
    expect(Object.keys(states)).toEqual(['__proto__', 'constructor']);
    expect(ownEntry(ownEntry(states, '__proto__'), '__proto__')).toBe('soldOut');
    expect(Object.entries(ownEntry(states, '__proto__') ?? {})).toEqual([
      ['__proto__', 'soldOut'],
      ['toString', 'available'],
    ]);
    expect(Object.entries(ownEntry(states, 'constructor') ?? {})).toEqual([
      ['constructor', 'available'],
      ['valueOf', 'soldOut'],
    ]);
    expect(initialSelection(oddProduct)).toEqual(
      record([
        ['__proto__', 'toString'],
        ['constructor', 'constructor'],
      ]),
    );
  });

  it('shows a hidden `__proto__` choice as unavailable on the card, beside an option called `constructor`', async () => {
    const harness = testSandbox();
    const made = await createProduct(harness, {
      name: 'Odd Options',
      slug: 'odd-options',
      manageVariants: true,
      productOptions: oddProduct.productOptions?.map((option) => ({
        ...option,
        choices: option.choices?.map(({ value, description }) => ({ value, description })),
      })),
    });
    expect(made?.variants).toHaveLength(4);
    // The merchant hides every variant with the `__proto__` colour.
    const hidden = (made?.variants ?? [])
      .filter((v) => ownEntry(v.choices, '__proto__') === '__proto__')
      .map((v) => v.id);
    expect(hidden).toHaveLength(2);
    const patched = await harness.call('PATCH', `/stores/v1/products/${made?.id}/variants`, {
      headers: ADMIN,
      body: { id: made?.id, variants: [{ variantIds: hidden, visible: false }] },
    });
    expect(patched.status).toBe(200);

    const { root } = await mountProduct(harness, { slug: 'odd-options' });
    await whenShown(root, '[part="options"]');
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '__proto__ (unavailable)',
      'toString',
    ]);
    expect(radios.map((radio) => radio.closest('label')?.getAttribute('data-state'))).toEqual([
      'unavailable',
      'available',
    ]);
    expect(radios[1]?.checked).toBe(true);
    const select = root.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(['constructor', 'valueOf']);
    expect(select.value).toBe('constructor');
  });

  it('fills a page’s href template with the product’s slug and id only: `{constructor}` stays as written', async () => {
    const harness = testSandbox();
    const { root } = await mountProduct(harness, {
      slug: 'stoneware-mug',
      href: '/shop/{slug}?from={constructor}&{toString}',
    });
    const link = await whenShown<HTMLAnchorElement>(root, '[part="name"] a');
    expect(link.getAttribute('href')).toBe('/shop/stoneware-mug?from={constructor}&{toString}');
  });

  it('shows no price per unit for a unit it does not know, `constructor` or `__proto__` included', () => {
    for (const unit of ['constructor', '__proto__', 'toString', 'KG']) {
      const product = {
        priceData: { currency: 'USD', price: 10, pricePerUnit: 5 },
        pricePerUnitData: { baseMeasurementUnit: unit, baseQuantity: 1 },
      } as Product;
      const { perUnit } = pricesOf(product, product.priceData, 'USD', 'en');
      expect(perUnit, unit).toEqual(unit === 'KG' ? { price: '$5.00', unit: 'kg' } : undefined);
    }
  });
});

describe('names from the host page', () => {
  it('reads pickers called `__proto__` and `constructor` (`data-sf-option`) as options of those names', () => {
    document.body.innerHTML = `<article data-sf-product>
      <select data-sf-option="__proto__"><option value="Navy" selected>Navy</option></select>
      <input type="radio" name="c" value="Large" data-sf-option="constructor" checked>
      <button data-sf-add-to-cart="p1" data-sf-options='{"toString":"Gift wrap"}'>Add</button></article>`;
    const button = document.querySelector('[data-sf-add-to-cart]') as HTMLElement;
    const picked = readPickers(button);
    expect(picked).toEqual({
      ok: true,
      options: record([
        ['__proto__', 'Navy'],
        ['constructor', 'Large'],
      ]),
    });
    const read = readAddToCart(button, picked.ok ? picked : {});
    expect(read.ok && Object.entries(read.input.options ?? {})).toEqual([
      ['toString', 'Gift wrap'],
      ['__proto__', 'Navy'],
      ['constructor', 'Large'],
    ]);
    document.body.innerHTML = '';
  });

  it('lays a page’s texts overrides (`data-strings`) over the keys the widget knows, not over `__proto__` or `toString`', async () => {
    const { config, problems } = readEmbedConfig({
      clientId: 'c',
      strings:
        '{"__proto__":"P","toString":"T","constructor":"C","hasOwnProperty":"H","addToCart":"Buy now"}',
    });
    expect(problems).toEqual([]);
    const plain = await productStrings('en');
    const t = await productStrings('en', config.strings);
    expect(Object.keys(t)).toEqual(Object.keys(plain));
    expect(t).toEqual({ ...plain, addToCart: 'Buy now' });
    expect(Object.getPrototypeOf(t)).toBe(Object.prototype);

    const { root } = await mountProduct(
      testSandbox(),
      { slug: 'stoneware-mug' },
      { strings: config.strings },
    );
    const add = await whenShown(root, '[part="add-button"]');
    expect(textOf(add)).toBe('Buy now');
  });
});

describe('names from the platform’s cart', () => {
  it('shows a line whose id is a prototype member’s name as a line, not as a change on its way', async () => {
    const { mountWidget } = await import('../../helpers/widget');
    const drawer = await import('../../../src/widgets/cart-drawer/index');
    const fx = mountWidget(drawer, { tag: 'sf-cart-drawer' });
    cleanups.push(fx.cleanup);
    const lines = ['constructor', 'toString', '__proto__'].map((id, i) => ({
      id,
      quantity: 1,
      productName: { original: `Thing ${i}` },
      price: { amount: '5', formattedAmount: '$5.00' },
    }));
    fx.store.setState((s) => ({
      cart: { ...s.cart, status: 'ready', count: 3, cart: { id: 'c', lineItems: lines } },
      ui: { ...s.ui, cartOpen: true },
    }));
    const shown = await whenShown(fx.root, '[part="line"]');
    expect(shown).not.toBeNull();
    const items = [...fx.root.querySelectorAll('[part="line"]')];
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.getAttribute('aria-busy'))).toEqual([null, null, null]);
  });

  it('reads a Cart V2 line status that is a prototype member’s name as available', async () => {
    const { cartOf } = await import('../../../src/store/cart-v2-read');
    const cart = cartOf({
      id: 'c',
      lineItems: ['constructor', 'toString', 'OUT_OF_STOCK'].map((status, i) => ({
        id: `l${i}`,
        status: status as never,
        quantityInfo: { requestedQuantity: 1 },
      })),
    });
    expect(cart?.lineItems?.map((line) => line.availability?.status)).toEqual([
      'AVAILABLE',
      'AVAILABLE',
      'NOT_AVAILABLE',
    ]);
  });
});
