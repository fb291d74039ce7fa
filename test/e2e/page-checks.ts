import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits for every running animation that ends, in the page and in the widgets' shadow roots. */
export const animationsDone = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      [
        document,
        ...[...document.querySelectorAll('*')].flatMap((el) => (el.shadowRoot ? [el.shadowRoot] : [])),
      ]
        .flatMap((root) => root.getAnimations())
        // Entrance animations end; a loading shimmer runs forever, and a cancelled one rejects: skip both.
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown }> }>;
}

/**
 * axe-core in the page (it looks inside open shadow roots): no serious or critical violation. `within`: only
 * these elements (the widgets on a page whose own styles are not under test).
 */
export async function expectAccessible(
  page: Page,
  label: string,
  within?: string,
  /** Only these axe rules (`['color-contrast']`), else all. */
  rules?: string[],
): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // Colours are checked once the widgets' entrance animations have finished.
  await animationsDone(page);
  const violations = await page.evaluate(
    async ([selector, rules]) => {
      const { axe } = window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<AxeResult> };
      };
      const result = await axe.run(selector ? { include: [[selector]] } : document, {
        resultTypes: ['violations'],
        ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
      });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    },
    [within, rules] as const,
  );
  expect(violations, `axe: ${label}`).toEqual([]);
}

/**
 * Console errors other than the browser's own log of answers a journey expects: Chromium logs every 4xx
 * response (a refused coupon is a 400, a wrong password a 401, a gone cart a 404, a taken slug a 409).
 */
/** A line for `cartWith`: what `window.Storefront.addToCart` takes. */
export interface CartLineInput {
  productId: string;
  quantity: number;
  options?: Record<string, string>;
}

/**
 * The page's cart with these lines added through `window.Storefront` (once the loader has put it there), one
 * after the other, and its drawer opened.
 */
export async function cartWith(page: Page, lines: CartLineInput[]): Promise<void> {
  await page.waitForFunction(() => 'addToCart' in ((window as { Storefront?: object }).Storefront ?? {}));
  await page.evaluate(async (lines) => {
    const storefront = (window as unknown as { Storefront: Record<string, (...a: unknown[]) => unknown> })
      .Storefront;
    for (const line of lines) await storefront.addToCart?.(line);
    storefront.openCart?.();
  }, lines);
}

export const unexpectedErrors = (errors: string[], statuses: number[]) =>
  errors.filter(
    (e) =>
      !statuses.some((s) =>
        e.startsWith(`Failed to load resource: the server responded with a status of ${s} `),
      ),
  );

/** The WCAG contrast ratio of two `rgb(…)` colours as getComputedStyle writes them. */
export function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The widgets' elements, whose open shadow roots the layout checks look into. */
export const WIDGETS = 'sf-member-badge, sf-cart-drawer, sf-login-modal, sf-product-grid, sf-product';

/** The room Chromium's drop-down arrow takes at a select's end, inside its padding. */
const SELECT_ARROW_PX = 20;

/**
 * What sticks out sideways: the page wider than its viewport, and elements of the widgets matched by `hosts`
 * (in their shadow roots) whose content is wider than their box (clipped or overflowing text), by a description.
 */
export const overflows = (page: Page, hosts = WIDGETS) =>
  page.evaluate(
    ([selector, SELECT_ARROW_PX]) => {
      const found: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth)
        found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
      for (const host of document.querySelectorAll(selector)) {
        for (const el of host.shadowRoot?.querySelectorAll<HTMLElement>('*') ?? []) {
          const style = getComputedStyle(el);
          if (style.display === 'none' || style.display === 'contents' || el.clientWidth === 0) continue;
          // A select shows one of its options, cut at its arrow: every option's text must fit its box.
          if (el instanceof HTMLSelectElement) {
            const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
            context.font = style.font;
            const room =
              el.clientWidth -
              parseFloat(style.paddingLeft) -
              parseFloat(style.paddingRight) -
              SELECT_ARROW_PX;
            for (const option of el.options) {
              const width = Math.ceil(context.measureText(option.text).width);
              if (width > room)
                found.push(
                  `<${host.localName}> select option "${option.text}": ${width} > ${Math.floor(room)}`,
                );
            }
            continue;
          }
          // A field scrolls what is typed in it: a long password is not a layout's fault.
          if (el.closest('.sf-visually-hidden, [part="media"], [part="gallery"], select, input, textarea'))
            continue;
          if (
            el.scrollWidth > el.clientWidth + 1 &&
            style.overflowX !== 'auto' &&
            style.overflowX !== 'scroll'
          )
            found.push(
              `<${host.localName}> ${el.localName}.${el.className || el.getAttribute('part')}: "${el.textContent?.trim().slice(0, 40)}" ${el.scrollWidth} > ${el.clientWidth}`,
            );
        }
      }
      return found;
    },
    [hosts, SELECT_ARROW_PX] as const,
  );

/**
 * The demo's pages with more `data-*` attributes on their script tag, as a site builder would paste them (issue
 * 37's marketing parts): set as the tag arrives, before it runs (an external classic script waits for its
 * file, and the observer runs before). (Not by rewriting the page's HTML with `page.route`: a page made so is
 * not the demo server's for Chromium's local network access, which then refuses its calls to the sandbox.)
 */
export async function withScriptAttributes(page: Page, attributes: Record<string, string>): Promise<void> {
  await page.addInitScript((attributes) => {
    new MutationObserver((_records, observer) => {
      const tag = document.querySelector('script[data-client-id]');
      if (!tag) return;
      observer.disconnect();
      for (const [name, value] of Object.entries(attributes)) tag.setAttribute(`data-${name}`, value);
    }).observe(document, { childList: true, subtree: true });
  }, attributes);
}
