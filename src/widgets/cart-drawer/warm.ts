import type { Strings } from './strings';

/**
 * One of the drawer's elements for each font its first open and its cart use (a size and a weight: the header's
 * title and its count, its close button, a line's price, a stepper's button, the busy line, a muted line, the
 * total while busy and after, checkout), in its own classes, so that each gets that font.
 */
const PROBE =
  '<div class="drawer"><header class="drawer-header"><h2></h2><h2><span class="count"></span></h2><button class="icon"></button></header><div class="drawer-body"><p class="line-total"></p><div class="stepper"><button></button></div><p class="adding"></p><p class="muted"></p></div><footer class="drawer-footer"><dl class="totals"><div class="total-row grand"><dt></dt><dd class="muted"></dd></div></dl><button class="primary"></button></footer></div>';

/**
 * Lays the drawer's texts out unseen while the page is idle after its code arrived (the prefetch of a page with
 * an add button), so that its first open finds ready the fonts it uses and its styles parsed. The first text
 * laid out in a family, size and weight makes the browser look the font up (Chromium on Linux asks another
 * process for it and its rendering settings, a few milliseconds each); a new visitor's first add did it in the
 * task that shows the drawer: at 4× CPU slowdown, click → drawer open 150 ms without, 92 ms with (`npm run
 * bench` part 5). The probe: the drawer's styles and `PROBE`, each element's text a sample of the page's
 * language (its script's fonts too), in the shadow root of a hidden `<sf-drawer-fonts>`; one element is laid
 * out an idle callback (a font's look-up is a task of 5–10 ms at 4×, all of them one of 55–68 ms), and the
 * probe goes when done, or when the drawer opens first.
 */
export function warmFonts(doc: Document, t: Strings, adopt: (root: ShadowRoot) => void, open: () => boolean) {
  const idle = doc.defaultView?.requestIdleCallback ?? setTimeout;
  // (Named for what it is, in a page's DOM inspector; no site's `body > div` rule reaches it.)
  const host = doc.createElement('sf-drawer-fonts');
  host.style.cssText = 'position:fixed;visibility:hidden';
  const root = host.attachShadow({ mode: 'open' });
  adopt(root);
  root.innerHTML = PROBE;
  const left = [...root.querySelectorAll<HTMLElement>(':empty')];
  for (const el of left) {
    el.textContent = `${t.cartTitle} ${t.checkout} × − + 0123456789 $€`;
    el.style.display = 'none';
  }
  const step = () => {
    const el = left.shift();
    if (!el || open() || !doc.body) return host.remove();
    if (!host.isConnected) doc.body.append(host);
    el.style.display = '';
    void el.offsetWidth;
    idle(step);
  };
  idle(step);
}
