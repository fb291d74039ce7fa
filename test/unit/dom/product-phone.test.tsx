import { within } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { grid, product } from '../../../src/widgets/product/index';
import {
  CHUNK_TIMEOUT_MS,
  importChunks,
  isBlocked,
  type MountedWidget,
  mountWidget,
  settle,
  setupUser,
  textOf,
  typeOver,
} from '../../helpers/widget';

/*
 * Issue 36: the product elements on a phone. The sold-out swatch's state in its name; the product page's bar
 * with the price and the add button once the page's own button scrolled away (IntersectionObserver, stubbed: a
 * happy-dom page does not lay out); the quick view's link to the product's own page.
 */

beforeAll(
  () => importChunks('productTextsEn', 'productPage', 'productCalls', 'cartEdits', 'cartV1'),
  CHUNK_TIMEOUT_MS,
);

let mounted: MountedWidget[] = [];
/** The window's width, as a phone's or a desktop's (happy-dom's own is 1024 px). */
const viewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number }) => void } }
  ).happyDOM.setViewport({
    width,
  });

afterEach(() => {
  viewport(1024);
  for (const m of mounted) m.cleanup();
  mounted = [];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', location.pathname);
});

function element(kind: 'product' | 'grid', attributes: Record<string, string>) {
  const widget = kind === 'grid' ? grid : product;
  const host = document.createElement(kind === 'grid' ? 'sf-product-grid' : 'sf-product');
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const m = mountWidget({
    mount: (_root, _host, context) => {
      const stop = widget.mount(root, host, context);
      return () => {
        stop();
        host.remove();
      };
    },
  });
  mounted.push(m);
  return { ...m, root };
}

const until = <T,>(read: () => T) =>
  vi.waitFor(() => {
    const value = read();
    if (!value) throw new Error('not yet');
    return value;
  });

/** IntersectionObserver as a page has it, its reports made by the test. */
function stubObserver() {
  const observers: Array<{ report: IntersectionObserverCallback; targets: Element[] }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(report: IntersectionObserverCallback) {
        observers.push({ report, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
  /** The page's own add button (its row) in sight, or scrolled away above, once the bar watches it. */
  return async (inSight: boolean) => {
    await vi.waitFor(() => expect(observers.some(({ targets }) => targets.length)).toBe(true));
    for (const { report, targets } of observers)
      for (const target of targets)
        report(
          [
            {
              target,
              isIntersecting: inSight,
              boundingClientRect: { top: inSight ? 300 : -120 } as DOMRectReadOnly,
              rootBounds: { top: 0 } as DOMRectReadOnly,
            } as IntersectionObserverEntry,
          ],
          {} as IntersectionObserver,
        );
  };
}

describe('a sold-out choice', () => {
  it('is crossed out and says so in its name', async () => {
    const m = element('product', { slug: 'wool-beanie' });
    const beanie = await until(() => m.root.querySelector<HTMLElement>('[part="card"]'));
    const mustard = within(beanie).getByRole('radio', { name: 'Mustard (sold out)' });
    expect(mustard.closest('[part="swatch"]')?.getAttribute('data-state')).toBe('soldOut');
    expect(within(beanie).getByRole('radio', { name: 'Forest' }).closest('label')?.dataset.state).toBe(
      'available',
    );
  });
});

describe('the product page’s bar on a phone', () => {
  it('shows the price and the add button once the page’s own has scrolled away, adds the choices made, and goes when the button is back', async () => {
    const scroll = stubObserver();
    const user = setupUser();
    viewport(375);
    const m = element('product', { slug: 'everyday-cotton-tee', layout: 'page' });
    const bar = await until(() => m.root.querySelector<HTMLElement>('[part="sticky-bar"]'));
    const page = m.root.querySelector<HTMLElement>('[part="product"]') as HTMLElement;
    // Hidden (and out of the tab order) while the page's own button is in sight.
    expect(bar.hasAttribute('data-shown')).toBe(false);
    expect(within(bar).queryByRole('button')).toBeNull();
    await scroll(false);
    await settle();
    expect(bar.hasAttribute('data-shown')).toBe(true);
    expect(within(bar).getByText('$25.00')).toBeTruthy();
    expect(bar.getAttribute('aria-label')).toBe('Everyday Cotton Tee');

    await user.selectOptions(within(page).getByRole('combobox', { name: 'Size' }), 'Extra large');
    within(page).getByRole('radio', { name: 'Black' }).click();
    await settle();
    expect(textOf(bar.querySelector('.bar-price'))).toBe('$27.00');
    within(bar).getByRole('button', { name: 'Add to cart' }).click();
    await vi.waitFor(() => expect(m.requestsTo('/add-to-cart')).toHaveLength(1));
    expect(m.requestsTo('/add-to-cart')[0]?.body).toMatchObject({
      lineItems: [
        {
          quantity: 1,
          catalogReference: {
            catalogItemId: m.productId('everyday-cotton-tee'),
            options: { options: { Size: 'Extra large', Color: 'Black' } },
          },
        },
      ],
    });

    await scroll(true);
    await settle();
    expect(bar.hasAttribute('data-shown')).toBe(false);
  });

  it('is not shown on a desktop’s width (the page’s button is beside the gallery there)', async () => {
    const scroll = stubObserver();
    const m = element('product', { slug: 'everyday-cotton-tee', layout: 'page' });
    const bar = await until(() => m.root.querySelector<HTMLElement>('[part="sticky-bar"]'));
    await scroll(false);
    await settle();
    expect(bar.hasAttribute('data-shown')).toBe(true);
    expect(within(bar).queryByRole('button')).toBeNull();
  });

  it('sends nothing for a wrong quantity: the focus goes to the page’s quantity field', async () => {
    const scroll = stubObserver();
    viewport(375);
    const m = element('product', { slug: 'stoneware-mug', layout: 'page' });
    const bar = await until(() => m.root.querySelector<HTMLElement>('[part="sticky-bar"]'));
    await scroll(false);
    const page = m.root.querySelector('[part="product"]') as HTMLElement;
    const quantity = within(page).getByRole<HTMLInputElement>('spinbutton', { name: 'Quantity' });
    await typeOver(setupUser(), quantity, '0');
    within(bar).getByRole('button', { name: 'Add to cart' }).click();
    await vi.waitFor(() => expect(m.root.activeElement).toBe(quantity));
    expect(m.requestsTo('/add-to-cart')).toEqual([]);
  });

  it('blocks its button for a sold-out choice, saying so', async () => {
    const scroll = stubObserver();
    viewport(375);
    const m = element('product', { slug: 'canvas-tote', layout: 'page' });
    const bar = await until(() => m.root.querySelector<HTMLElement>('[part="sticky-bar"]'));
    await scroll(false);
    await settle();
    expect(isBlocked(within(bar).getByRole('button', { name: 'Sold out' }))).toBe(true);
  });
});

describe('the quick view', () => {
  const open = async (attributes: Record<string, string>) => {
    const m = element('grid', { collection: 'apparel', link: 'quick-view', ...attributes });
    await until(() => m.root.querySelector('[part="grid"]'));
    location.hash = 'sf-product=everyday-cotton-tee';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const dialog = await until(() => m.root.querySelector<HTMLElement>('[part="quick-view"]'));
    await until(() => dialog.querySelector('[part="add-button"]'));
    return dialog;
  };

  it('leads to the product’s own page, "View full details", when the grid has an href', async () => {
    const dialog = await open({ href: '/products/{slug}.html' });
    const link = within(dialog).getByRole('link', { name: 'View full details' });
    expect(link.getAttribute('href')).toBe('/products/everyday-cotton-tee.html');
    // The name is the dialog's heading, not a second link to the same page.
    expect(
      within(dialog).getByRole('heading', { name: 'Everyday Cotton Tee' }).querySelector('a'),
    ).toBeNull();
  });

  it('has no such link without one', async () => {
    const dialog = await open({});
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(dialog.querySelector('[part="full-details"]')).toBeNull();
  });
});
