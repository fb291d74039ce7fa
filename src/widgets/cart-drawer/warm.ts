import type { Storefront } from '../../store/store';
import { adoptStyles } from '../../ui/styles';
import type { Strings } from './strings';

/**
 * One of the drawer's elements for each font its first open and its cart use (a size and a weight: the header's
 * title and its count, its close button, a line's price, a stepper's button, the busy line, a muted line, the
 * total while busy and after, checkout), in its own classes, so that each gets that font: `tag.class` opens an
 * element inside the one open, `)` closes it. (Made with `createElement`, not as HTML: a page that enforces
 * Trusted Types refuses `innerHTML`.)
 */
const PROBE =
  'div.drawer header.drawer-header h2 ) h2 span.count ) ) button.icon ) ) div.drawer-body p.line-total ) div.stepper button ) ) p.adding ) p.muted ) ) footer.drawer-footer dl.totals div.total-row.grand dt ) dd.muted ) ) ) button.primary';

/**
 * Lays the drawer's texts out unseen once its code is here ahead of an add (the prefetch of a page with an add
 * button: while the page is idle, or at a pointer or the focus near a button), so that its first open finds
 * ready the fonts it uses and its styles parsed. The first text laid out in a family, size and weight makes the
 * browser look the font up (Chromium on Linux asks another process for it and its rendering settings, a few
 * milliseconds each; a web font named by `--sf-font-family` is downloaded then, as the drawer would); a new
 * visitor's first add did it in the task that shows the drawer: at 4× CPU slowdown, click → drawer open 150 ms
 * without, 92–105 ms with (`npm run bench` part 5). All of it runs in idle callbacks, one element each (a
 * font's look-up is a task of 5–10 ms at 4×, all of them one of 55–68 ms): the probe, a hidden, inert
 * `<sf-drawer-fonts>` at the end of `<body>` with the drawer's styles and `PROBE` in its shadow root, each
 * element's text a sample of the page's language (its script's fonts too), stays until it is done or the
 * drawer opens. (A site's rule that hides elements not yet defined, `:not(:defined)`, hides it too: then it
 * readies nothing, and costs nothing.)
 */
export function warmFonts(doc: Document, t: Strings, css: string, store: Storefront) {
  const idle = doc.defaultView?.requestIdleCallback ?? setTimeout;
  const host = doc.createElement('sf-drawer-fonts');
  let left: HTMLElement[] | undefined;
  const step = () => {
    if (!left) left = probe(doc, host, t, css);
    const el = left.shift();
    if (!el || store.getState().ui.cartOpen || !doc.body) return host.remove();
    if (!host.isConnected) doc.body.append(host);
    el.style.display = '';
    void el.offsetWidth;
    idle(step);
  };
  idle(step);
}

/** The probe's elements in `host`'s shadow root, each holding the sample text and not shown yet. */
function probe(doc: Document, host: HTMLElement, t: Strings, css: string) {
  // Hidden even from a site's `* { visibility: visible !important }` (an inline `!important` wins), and out of
  // reach of the keyboard and of screen readers.
  host.style.cssText = 'position:fixed!important;visibility:hidden!important';
  host.inert = true;
  host.setAttribute('aria-hidden', 'true');
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, css);
  let parent: Node = root;
  const leaves: HTMLElement[] = [];
  for (const token of PROBE.split(' ')) {
    if (token === ')') {
      parent = parent.parentNode as Node;
      continue;
    }
    const [tag, ...classes] = token.split('.');
    const el = parent.appendChild(doc.createElement(tag as string));
    el.className = classes.join(' ');
    parent = el;
  }
  for (const el of root.querySelectorAll<HTMLElement>(':empty')) {
    el.textContent = `${t.cartTitle} ${t.checkout} × − + 0123456789 $€`;
    el.style.display = 'none';
    leaves.push(el);
  }
  return leaves;
}
