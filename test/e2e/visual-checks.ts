import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { fontsLoaded } from './fonts';
import { animationsDone } from './page-checks';

/** The committed baselines, one PNG a screenshot, written by `npm run visual:update`. */
export const BASELINES = resolve(import.meta.dirname, 'visual-baselines');
/** Where a mismatch leaves the actual screenshot and its diff. */
export const VISUAL_RESULTS = resolve(import.meta.dirname, '../../test-results/visual');
/** `UPDATE_VISUAL=1` (npm run visual:update): write the baselines instead of comparing with them. */
export const UPDATING = process.env.UPDATE_VISUAL === '1';

/** Per pixel: the largest colour distance (pixelmatch's OKLab HyAB, 0 to 1) that still counts as the same. */
const PIXEL_THRESHOLD = 0.1;
/** Per image: the share of differing pixels (anti-aliasing left out) that still passes: 0.1 %. */
const MAX_DIFF_RATIO = 0.001;

/**
 * Compares a screenshot with its baseline; returns what is wrong (undefined when it matches). A mismatch
 * leaves `<name>.actual.png` and `<name>.diff.png` in test-results/visual/.
 */
export function compareWithBaseline(name: string, screenshot: Buffer): string | undefined {
  const baselinePath = resolve(BASELINES, `${name}.png`);
  if (UPDATING) {
    // A baseline that still matches is kept: an update changes only the images whose looks changed.
    if (existsSync(baselinePath) && differenceFrom(baselinePath, screenshot) === undefined) return undefined;
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baselinePath, screenshot);
    return undefined;
  }
  if (!existsSync(baselinePath)) {
    mkdirSync(VISUAL_RESULTS, { recursive: true });
    const actualPath = resolve(VISUAL_RESULTS, `${name}.actual.png`);
    writeFileSync(actualPath, screenshot);
    return `no baseline test/e2e/visual-baselines/${name}.png: run \`npm run visual:update\` to write the baselines (and look at them before committing); this screenshot is in ${actualPath}`;
  }
  const difference = differenceFrom(baselinePath, screenshot);
  if (difference === undefined) return undefined;
  mkdirSync(VISUAL_RESULTS, { recursive: true });
  const actualPath = resolve(VISUAL_RESULTS, `${name}.actual.png`);
  writeFileSync(actualPath, screenshot);
  if (typeof difference === 'string')
    return `${name}: ${difference}; see ${actualPath} (npm run visual:update if the change is meant)`;
  const diffPath = resolve(VISUAL_RESULTS, `${name}.diff.png`);
  writeFileSync(diffPath, PNG.sync.write(difference.diff));
  return `${name}: ${difference.differing} pixels (${(difference.ratio * 100).toFixed(2)} %) differ from the baseline (at most ${MAX_DIFF_RATIO * 100} %); see ${actualPath} and ${diffPath} (npm run visual:update if the change is meant)`;
}

/** Undefined when the screenshot matches the baseline; else why not: other dimensions, or the diff image. */
function differenceFrom(
  baselinePath: string,
  screenshot: Buffer,
): undefined | string | { differing: number; ratio: number; diff: PNG } {
  const expected = PNG.sync.read(readFileSync(baselinePath));
  const actual = PNG.sync.read(screenshot);
  if (expected.width !== actual.width || expected.height !== actual.height)
    return `${actual.width}×${actual.height} px, the baseline is ${expected.width}×${expected.height} px`;
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = differing / (actual.width * actual.height);
  return ratio <= MAX_DIFF_RATIO ? undefined : { differing, ratio, diff };
}

/**
 * The page at rest: the bundled fonts loaded, every image in the page and the widgets' shadow roots decoded, entrance
 * animations over and smooth scrolls ended.
 */
export async function settle(page: Page): Promise<void> {
  await fontsLoaded(page);
  await page.waitForFunction(() => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    const images = roots.flatMap((root) => [...root.querySelectorAll('img')]);
    // A lazy image below the fold would load only once scrolled to, in the middle of an element screenshot.
    for (const img of images) if (img.loading === 'lazy') img.loading = 'eager';
    return images.every((img) => img.complete);
  });
  await animationsDone(page);
  // A smooth scroll (the drawer brings the delivery options into view) may start a frame late: the scroll
  // positions are to stay the same over six animation frames (a smooth scroll moves at every frame).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const scrolls = () => {
          const roots: Array<Document | ShadowRoot> = [document];
          for (const el of document.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
          return roots
            .flatMap((root) => [...root.querySelectorAll('*')])
            .filter((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)
            .map((el) => `${el.scrollTop},${el.scrollLeft}`)
            .concat(`${scrollX},${scrollY}`)
            .join(' ');
        };
        let before = scrolls();
        let still = 0;
        const frame = () => {
          const now = scrolls();
          still = now === before ? still + 1 : 0;
          before = now;
          if (still >= 6) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * What a person would see as broken in the widgets matched by `hosts` (their open shadow roots), and in the
 * page: text cut off by an `overflow: hidden`/`clip` box (not an ellipsis or a line clamp, which say so), a
 * scroll container or the page wider than its box, and controls smaller than 24×24 px (WCAG 2.5.8), or
 * 44×44 px for the main controls on a touch screen (primary and secondary buttons, the stepper's, close, the
 * member badge's button).
 */
export function layoutProblems(page: Page, hosts: string, touch: boolean): Promise<string[]> {
  return page.evaluate(
    ([selector, touch]) => {
      const problems: string[] = [];
      const name = (el: Element) => {
        const part = el.getAttribute('part');
        const cls = el.getAttribute('class');
        const label = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
        return `<${el.localName}${part ? ` part="${part}"` : ''}${cls ? ` class="${cls}"` : ''}> “${label.slice(0, 40)}”`;
      };
      const root = document.documentElement;
      if (root.scrollWidth > window.innerWidth + 1)
        problems.push(`the page scrolls sideways: ${root.scrollWidth} px in ${window.innerWidth} px`);
      for (const host of document.querySelectorAll(selector)) {
        const shadow = host.shadowRoot;
        if (!shadow) continue;
        for (const el of shadow.querySelectorAll('*')) {
          if (!(el instanceof HTMLElement)) continue;
          const box = el.getBoundingClientRect();
          // Hidden on purpose: not rendered, or only for screen readers.
          if (box.width === 0 || box.height === 0 || !el.checkVisibility({ visibilityProperty: true }))
            continue;
          if (el.closest('.sf-visually-hidden')) continue;
          const style = getComputedStyle(el);
          const text = (el.textContent ?? '').trim() !== '';
          const formControl = /^(input|select|textarea)$/.test(el.localName);
          if (text && !formControl && style.textOverflow !== 'ellipsis') {
            if (/hidden|clip/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
              problems.push(`clipped text (${el.scrollWidth} px in ${el.clientWidth} px): ${name(el)}`);
            if (
              /hidden|clip/.test(style.overflowY) &&
              style.webkitLineClamp === 'none' &&
              el.scrollHeight > el.clientHeight + 1
            )
              problems.push(
                `clipped text (${el.scrollHeight} px high in ${el.clientHeight} px): ${name(el)}`,
              );
          }
          if (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
            problems.push(`scrolls sideways (${el.scrollWidth} px in ${el.clientWidth} px): ${name(el)}`);
          const interactive = el.matches(
            'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="menuitem"], [role="tab"], [role="option"]',
          );
          if (!interactive) continue;
          // A radio or a checkbox is pressed through its label too: the larger of the two is the target.
          const label = el instanceof HTMLInputElement ? (el.labels?.[0] ?? el.closest('label')) : null;
          const labelBox = label?.getBoundingClientRect();
          // A button lower than a finger's target may be pressed above and below it (its `::after`, positioned
          // over it: the member badge's buttons at a site's lower --sf-control-height on a touch screen).
          const pad = getComputedStyle(el, '::after');
          const padded =
            pad.position === 'absolute' && pad.content !== 'none'
              ? box.height - Number.parseFloat(pad.top) - Number.parseFloat(pad.bottom)
              : 0;
          const width = Math.max(box.width, labelBox?.width ?? 0);
          const height = Math.max(box.height, labelBox?.height ?? 0, padded);
          const main =
            touch && el.matches('.primary, .secondary, .stepper button, button.icon, .sign-in, .trigger');
          const least = main ? 44 : 24;
          if (width < least - 0.5 || height < least - 0.5)
            problems.push(
              `a target of ${Math.round(width)}×${Math.round(height)} px (at least ${least}×${least}): ${name(el)}`,
            );
        }
      }
      return problems;
    },
    [hosts, touch] as const,
  );
}
