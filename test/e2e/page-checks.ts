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
export async function expectAccessible(page: Page, label: string, within?: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // Colours are checked once the widgets' entrance animations have finished.
  await animationsDone(page);
  const violations = await page.evaluate(async (selector) => {
    const { axe } = window as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<AxeResult> };
    };
    const result = await axe.run(selector ? { include: [[selector]] } : document, {
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, within);
  expect(violations, `axe: ${label}`).toEqual([]);
}

/**
 * Console errors other than the browser's own log of answers a journey expects: Chromium logs every 4xx
 * response (a refused coupon is a 400, a wrong password a 401, a gone cart a 404, a taken slug a 409).
 */
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
