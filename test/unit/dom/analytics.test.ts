// @vitest-environment-options {"url": "http://localhost:4000/shop"}
import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { consentModeOf } from '../../../src/analytics/consent';
import { readEmbedConfig } from '../../../src/config';
import { type Started, startStorefront } from '../../../src/start';
import { grid } from '../../../src/widgets/product/index';
import { SANDBOX_ORIGIN, testSandbox } from '../../helpers/sandbox';
import { CHUNK_TIMEOUT_MS, importChunks, settle } from '../../helpers/widget';

// What the code loads on first use (`import()`), here once: the tests wait for it, not for vitest loading it.
beforeAll(
  () =>
    importChunks(
      'analytics',
      'cartEdits',
      'cartV1',
      'cartV2',
      'cartV2Read',
      'redirects',
      'productCalls',
      'productPage',
      'productTextsEn',
    ),
  CHUNK_TIMEOUT_MS,
);

type Tagged = Window & { dataLayer?: unknown[]; fbq?: (...args: unknown[]) => void };
const tagged = window as Tagged;
/** What reached the page's tags: `dataLayer`, `fbq`, and `sf:analytics` on the document. */
let fbq: Mock<(...args: unknown[]) => void>;
let heard: Array<{ name: string; eventId: string }>;
const listen = (event: Event) => heard.push((event as CustomEvent).detail);
const started: Started[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  tagged.dataLayer = [];
  fbq = vi.fn<(...args: unknown[]) => void>();
  tagged.fbq = fbq;
  heard = [];
  document.addEventListener('sf:analytics', listen);
  history.replaceState(null, '', '/shop');
});
/** What the tests mounted, undone after each. */
const unmounts: Array<() => void> = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  document.removeEventListener('sf:analytics', listen);
  for (const one of started.splice(0)) one.destroy();
});

/** The storefront of a page whose script tag has these attributes, on the in-process sandbox. */
function page(data: Record<string, string>, harness = testSandbox()) {
  const { config } = readEmbedConfig({ clientId: 'demo-client', apiBase: SANDBOX_ORIGIN, ...data });
  const one = startStorefront(config, { win: window, fetch: harness.sandbox.fetch });
  started.push(one);
  const productId = (slug: string) =>
    [...harness.sandbox.context.state.products.values()].find((p) => p.slug === slug)?.id as string;
  return { ...one, harness, productId };
}

/** The GA4 events pushed so far (each after its `{ecommerce: null}`). */
const ga4 = () => (tagged.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event);
/** The names of the GA4 events pushed so far. */
const names = () => ga4().map((entry) => (entry as { event: string }).event);

describe('analytics events (data-analytics="ga4 meta")', () => {
  it('pushes GA4 e-commerce events in Google Tag Manager’s shape, each after {ecommerce: null}', async () => {
    const s = page({ analytics: 'ga4 meta' });
    await s.ready;
    const tee = s.productId('everyday-cotton-tee');
    await s.store
      .getState()
      .addToCart({ productId: tee, quantity: 2, options: { Size: 'Medium', Color: 'Navy' } });
    await vi.waitFor(() => expect(ga4()).toHaveLength(1));
    const item = { item_id: tee, item_name: 'Everyday Cotton Tee', item_variant: 'Medium / Navy', price: 25 };
    expect(tagged.dataLayer).toEqual([
      { ecommerce: null },
      { event: 'add_to_cart', ecommerce: { currency: 'USD', value: 50, items: [{ ...item, quantity: 2 }] } },
    ]);
    // Meta's pixel, with the same event id as the DOM event's.
    expect(fbq.mock.calls).toEqual([
      [
        'track',
        'AddToCart',
        {
          content_ids: [tee],
          contents: [{ id: tee, quantity: 2 }],
          content_type: 'product',
          currency: 'USD',
          value: 50,
        },
        { eventID: heard[0]?.eventId },
      ],
    ]);
    expect(heard.map((event) => event.name)).toEqual(['add_to_cart']);
    expect(heard[0]?.eventId).toMatch(/^[0-9a-f-]{32,36}$/);

    s.store.getState().openCart();
    await vi.waitFor(() => expect(ga4()).toHaveLength(2));
    expect(ga4()[1]).toEqual({
      event: 'view_cart',
      ecommerce: { currency: 'USD', value: 50, items: [{ ...item, quantity: 2, index: 0 }] },
    });

    // A lower quantity is a removal of the difference; a removal, of the line.
    const line = s.store.getState().cart.cart?.lineItems?.[0]?.id as string;
    await s.store.getState().setQuantity(line, 1);
    await s.store.getState().removeLine(line);
    await vi.waitFor(() => expect(ga4()).toHaveLength(4));
    expect(ga4().slice(2)).toEqual([
      {
        event: 'remove_from_cart',
        ecommerce: { currency: 'USD', value: 25, items: [{ ...item, quantity: 1 }] },
      },
      {
        event: 'remove_from_cart',
        ecommerce: { currency: 'USD', value: 25, items: [{ ...item, quantity: 1 }] },
      },
    ]);
    // Every GA4 event came after its own {ecommerce: null}; Meta has no removal event.
    expect(
      tagged.dataLayer?.filter((entry) => (entry as { ecommerce?: unknown }).ecommerce === null),
    ).toHaveLength(4);
    expect(fbq).toHaveBeenCalledTimes(1);
    expect(new Set(heard.map((event) => event.eventId)).size).toBe(heard.length);
  });

  it('announces begin_checkout and one purchase per real order, none after a reload', async () => {
    const harness = testSandbox();
    const s = page({ analytics: 'ga4 meta' }, harness);
    const navigations: string[] = [];
    // The platform's checkout page is a navigation: recorded, not followed.
    const assign = vi
      .spyOn(window.location, 'assign')
      .mockImplementation((url) => void navigations.push(String(url)));
    await s.ready;
    const mug = s.productId('stoneware-mug');
    await s.store.getState().addToCart({ productId: mug, quantity: 3 });
    await s.store.getState().applyCoupon('SAVE10');
    await s.store.getState().checkout();
    assign.mockRestore();
    await vi.waitFor(() =>
      expect(ga4().map((e) => (e as { event: string }).event)).toContain('begin_checkout'),
    );
    const checkoutId = [...harness.sandbox.context.state.checkouts.keys()][0] as string;
    const begin = ga4().find((e) => (e as { event: string }).event === 'begin_checkout');
    expect(begin).toMatchObject({
      ecommerce: {
        currency: 'USD',
        value: 54,
        coupon: 'SAVE10',
        items: [{ item_id: mug, quantity: 3, index: 0 }],
      },
    });
    expect(heard.at(-1)).toMatchObject({ name: 'begin_checkout', eventId: `checkout:${checkoutId}` });
    expect(fbq).toHaveBeenLastCalledWith(
      'track',
      'InitiateCheckout',
      expect.objectContaining({ value: 54 }),
      {
        eventID: `checkout:${checkoutId}`,
      },
    );

    // The visitor pays on the platform's page, which leads back with the order in the address.
    const placed = await harness.sandbox.fetch(navigations[0] as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com',
    });
    const back = new URL(placed.headers.get('location') as string);
    const orderId = back.searchParams.get('orderId') as string;
    started.pop()?.destroy();
    tagged.dataLayer = [];
    history.replaceState(null, '', `${back.pathname}${back.search}`);
    const returned = page({ analytics: 'ga4 meta' }, harness);
    await returned.ready;
    await vi.waitFor(() => expect(ga4().map((e) => (e as { event: string }).event)).toContain('purchase'));
    const purchases = () => ga4().filter((e) => (e as { event: string }).event === 'purchase');
    expect(purchases()).toEqual([
      {
        event: 'purchase',
        ecommerce: {
          currency: 'USD',
          value: 54,
          transaction_id: orderId,
          coupon: 'SAVE10',
          items: [{ item_id: mug, item_name: 'Stoneware Mug', price: 18, quantity: 3, index: 0 }],
        },
      },
    ]);
    expect(fbq).toHaveBeenLastCalledWith('track', 'Purchase', expect.objectContaining({ value: 54 }), {
      eventID: `order:${orderId}`,
    });

    // A reload of the same address (or the link opened again): no second purchase.
    started.pop()?.destroy();
    history.replaceState(null, '', `${back.pathname}${back.search}`);
    const reloaded = page({ analytics: 'ga4 meta' }, harness);
    await reloaded.ready;
    reloaded.store.getState().openCart();
    await vi.waitFor(() =>
      expect(
        ga4()
          .map((e) => (e as { event: string }).event)
          .at(-1),
      ).toBe('view_cart'),
    );
    expect(purchases()).toHaveLength(1);
  });

  it('creates dataLayer when the page has none, and never replaces the page’s', async () => {
    tagged.dataLayer = undefined;
    const s = page({ analytics: 'ga4' });
    await s.ready;
    s.store.getState().openCart();
    await vi.waitFor(() => expect(tagged.dataLayer).toHaveLength(2));
    const layer = tagged.dataLayer;
    s.store.getState().closeCart();
    s.store.getState().openCart();
    await vi.waitFor(() => expect(layer).toHaveLength(4));
    expect(tagged.dataLayer).toBe(layer);
    // `ga4` alone: Meta's pixel is not called.
    expect(fbq).not.toHaveBeenCalled();
  });

  it('says an unknown word of data-analytics on the console, and leaves it out', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = page({ analytics: 'ga4 tiktok' });
    await s.ready;
    s.store.getState().openCart();
    await vi.waitFor(() => expect(ga4()).toHaveLength(1));
    expect(errors).toHaveBeenCalledWith('[storefront] data-analytics "tiktok" is not ga4 or meta; left out');
    errors.mockRestore();
  });
});

describe('consent (data-consent="required")', () => {
  /**
   * Everything the analytics heard so far is handled once a marker is: each event and consent is heard in the
   * order it came. The marker: consent given, and the cart opened (`view_cart`), then the consent as it was.
   */
  async function handled(s: ReturnType<typeof page>, restore: { analytics: boolean } | null) {
    const before = names().length;
    s.api.consent({ analytics: true });
    s.store.getState().openCart();
    s.store.getState().closeCart();
    await vi.waitFor(() => expect(names().length).toBe(before + 1));
    expect(names().at(-1)).toBe('view_cart');
    if (restore) s.api.consent(restore);
  }

  it('drops events before consent (not replayed), sends them after it, and stops again at {analytics: false}', async () => {
    const s = page({ analytics: 'ga4 meta', consent: 'required' });
    await s.ready;
    const mug = s.productId('stoneware-mug');
    await s.store.getState().addToCart({ productId: mug });
    s.store.getState().openCart();
    s.store.getState().closeCart();
    await handled(s, null);
    // Only the marker: the add and the view before consent were dropped, not kept for later.
    expect(names()).toEqual(['view_cart']);
    expect(fbq).not.toHaveBeenCalled();
    expect(heard.map((event) => event.name)).toEqual(['view_cart']);

    await s.store.getState().addToCart({ productId: mug });
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'add_to_cart']));
    expect(fbq).toHaveBeenCalledTimes(1);

    s.api.consent({ analytics: false });
    await s.store.getState().addToCart({ productId: mug });
    await handled(s, { analytics: false });
    expect(names()).toEqual(['view_cart', 'add_to_cart', 'view_cart']);
    expect(fbq).toHaveBeenCalledTimes(1);
  });

  it('keeps Meta’s events back with {analytics: true, ads: false}', async () => {
    const s = page({ analytics: 'ga4 meta', consent: 'required' });
    s.api.consent({ analytics: true, ads: false });
    await s.ready;
    await s.store.getState().addToCart({ productId: s.productId('stoneware-mug') });
    await vi.waitFor(() => expect(ga4()).toHaveLength(1));
    expect(fbq).not.toHaveBeenCalled();
  });

  it('reads Google Consent Mode v2 from the page’s gtag calls: no code of the site’s own', async () => {
    // gtag pushes its `arguments` object.
    function gtag(..._args: unknown[]) {
      // biome-ignore lint/complexity/noArguments: gtag's own way, which Consent Mode is read from
      tagged.dataLayer?.push(arguments);
    }
    gtag('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied' });
    const s = page({ analytics: 'ga4 meta', consent: 'required' });
    await s.ready;
    const mug = s.productId('stoneware-mug');
    const added = async () => {
      const before = names().length;
      await s.store.getState().addToCart({ productId: mug });
      return before;
    };
    await added();
    // The banner's answer: analytics granted, ads still denied. (The add before it is dropped.)
    gtag('consent', 'update', { analytics_storage: 'granted' });
    s.store.getState().openCart();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart']));
    s.store.getState().closeCart();
    await added();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'add_to_cart']));
    expect(fbq).not.toHaveBeenCalled();
    gtag('consent', 'update', { ad_storage: 'granted' });
    await added();
    await vi.waitFor(() => expect(names()).toHaveLength(3));
    expect(fbq).toHaveBeenCalledTimes(1);
    // Denied again: nothing more (the marker is the site's own word, which wins over Consent Mode's).
    gtag('consent', 'update', { analytics_storage: 'denied' });
    await added();
    await handled(s, null);
    expect(names()).toEqual(['view_cart', 'add_to_cart', 'add_to_cart', 'view_cart']);
  });

  it('reads a regional default where it denies, not where it grants', () => {
    const call = (...args: unknown[]) => args;
    expect(
      consentModeOf([call('consent', 'default', { analytics_storage: 'granted', region: ['US'] })]),
    ).toBe(undefined);
    expect(
      consentModeOf([
        call('consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', region: ['DE'] }),
      ]),
    ).toEqual({ analytics: false, ads: false });
    expect(
      consentModeOf([
        call('consent', 'default', { analytics_storage: 'denied' }),
        { event: 'gtm.js' },
        call('consent', 'update', { analytics_storage: 'granted', ad_storage: 'bogus' }),
      ]),
    ).toEqual({ analytics: true });
    expect(consentModeOf(undefined)).toBeUndefined();
  });

  it('says a consent that is not {analytics: boolean} on the console and keeps the one in force', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = page({ analytics: 'ga4', consent: 'required' });
    s.api.consent({ analytics: 'yes' } as never);
    s.api.consent({ analytics: true });
    s.api.consent(null as never);
    await s.ready;
    s.store.getState().openCart();
    await vi.waitFor(() => expect(ga4()).toHaveLength(1));
    expect(errors.mock.calls.filter((call) => String(call[0]).includes('Storefront.consent()'))).toHaveLength(
      2,
    );
    errors.mockRestore();
  });
});

describe('the product elements’ events (the script tag’s <sf-product-grid>)', () => {
  /** A grid on the page, mounted as the loader mounts it (the started storefront is its context). */
  function gridOn(s: Started, attributes: Record<string, string>) {
    const host = document.createElement('sf-product-grid');
    for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const unmount = grid.mount(root, host, s);
    unmounts.push(() => {
      unmount();
      host.remove();
    });
    return { host, root };
  }
  type Pushed = {
    event: string;
    ecommerce: { item_list_id?: string; items: Array<Record<string, unknown>> };
  };
  const pushed = () => ga4() as Pushed[];
  const cards = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('[part="card"]')];

  it('tells one view_item_list a grid shown and one a page more; select_item then view_item as a card opens its quick view', async () => {
    const s = page({ analytics: 'ga4 meta' });
    await s.ready;
    const { host, root } = gridOn(s, { 'page-size': '2', sort: 'name-asc', link: 'quick-view' });
    await vi.waitFor(() => expect(cards(root)).toHaveLength(2));
    await vi.waitFor(() => expect(names()).toEqual(['view_item_list']));
    const [first, second] = pushed()[0]?.ecommerce.items ?? [];
    expect(pushed()[0]?.ecommerce).toMatchObject({ item_list_id: 'all', item_list_name: 'all (name-asc)' });
    expect([first?.index, second?.index]).toEqual([0, 1]);
    // A render that asks nothing new (another heading level): no event.
    host.setAttribute('heading-level', '4');
    await vi.waitFor(() => expect(root.querySelector('h4')).not.toBeNull());

    root.querySelector<HTMLButtonElement>('[part="load-more"]')?.click();
    await vi.waitFor(() => expect(names()).toEqual(['view_item_list', 'view_item_list']));
    expect(pushed()[1]?.ecommerce.items.map((item) => item.index)).toEqual([2, 3]);
    expect(fbq).not.toHaveBeenCalled();

    // The second card's name: its quick view (the address a link in this page gives it).
    const link = cards(root)[1]?.querySelector<HTMLAnchorElement>('[part="name"] a');
    link?.click();
    location.hash = link?.getAttribute('href') ?? '';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await vi.waitFor(() =>
      expect(root.querySelector('[part="quick-view"] [part="description"]')).not.toBeNull(),
    );
    await vi.waitFor(() => expect(names()).toHaveLength(4));
    expect(names().slice(2)).toEqual(['select_item', 'view_item']);
    expect(pushed()[2]?.ecommerce.items).toEqual([{ ...second, index: 1 }]);
    const { index: _index, item_list_id: _id, item_list_name: _name, ...viewed } = second ?? {};
    expect(pushed()[3]?.ecommerce.items).toEqual([viewed]);
    // Meta's ViewContent, with the event id the other tags were given.
    expect(fbq.mock.calls).toEqual([
      [
        'track',
        'ViewContent',
        expect.objectContaining({ content_ids: [second?.item_id], content_type: 'product' }),
        { eventID: heard.at(-1)?.eventId },
      ],
    ]);
    // A click on the card beside its link (the picture) chooses nothing.
    await settle();
    cards(root)[0]?.querySelector<HTMLElement>('[part="media"]')?.click();
    await settle();
    expect(names()).toHaveLength(4);
  });

  it('with data-consent="required", tells nothing of the grid before consent, and only what it shows after', async () => {
    const s = page({ analytics: 'ga4', consent: 'required' });
    await s.ready;
    const { root } = gridOn(s, { 'page-size': '2', sort: 'name-asc' });
    await vi.waitFor(() => expect(cards(root)).toHaveLength(2));
    // The marker (the analytics hear in order): consent, the cart opened, its view_cart.
    s.api.consent({ analytics: true });
    s.store.getState().openCart();
    s.store.getState().closeCart();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart']));
    root.querySelector<HTMLButtonElement>('[part="load-more"]')?.click();
    await vi.waitFor(() => expect(names()).toEqual(['view_cart', 'view_item_list']));
    // The page more only: the first page, shown before consent, was dropped, not kept for later.
    expect(pushed()[1]?.ecommerce.items.map((item) => item.index)).toEqual([2, 3]);
  });
});
