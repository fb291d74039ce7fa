import { type EmbedConfig, readEmbedConfig } from './config';
import { defineLazyElement, type WidgetContext, type WidgetModule } from './ui/lazy-element';

/** The widgets, each in its own chunk that loads when its element first appears on the page. */
export const WIDGETS: Record<string, () => Promise<WidgetModule>> = {
  'sf-cart-drawer': () => import('./widgets/cart-drawer/index'),
  'sf-login-modal': () => import('./widgets/login-modal/index'),
  'sf-member-badge': () => import('./widgets/member-badge/index'),
};

const BOOTED = Symbol.for('storefront-widgets.booted');

export interface BootOptions {
  /** The `<script>` tag carrying the `data-*` configuration. */
  script?: HTMLScriptElement | null;
  win?: Window & typeof globalThis;
}

export interface Booted {
  config: EmbedConfig;
}

/**
 * Starts the storefront on the page: reads the script tag's configuration and defines the widgets' custom
 * elements. Booting a second time (the tag pasted twice) returns the first boot's result and mounts nothing.
 */
export function boot(options: BootOptions = {}): Booted {
  const win = options.win ?? window;
  const holder = win as unknown as Record<symbol, Booted | undefined>;
  const already = holder[BOOTED];
  if (already) return already;
  const script = options.script ?? win.document.querySelector<HTMLScriptElement>('script[data-client-id]');
  const { config, problems } = readEmbedConfig({ ...script?.dataset }, win.document.documentElement.lang);
  for (const problem of problems) console.error(`[storefront] ${problem.attribute} ${problem.message}`);
  const context: WidgetContext = { config };
  for (const [name, load] of Object.entries(WIDGETS))
    defineLazyElement(win.customElements, name, load, context);
  const booted: Booted = { config };
  holder[BOOTED] = booted;
  return booted;
}

// Loaded directly as `<script type="module" src=".../loader.js" data-client-id="…">` (no embed.js): boot
// from that tag. Loaded by embed.js, which calls boot() with its own tag, this finds nothing.
const ownTag = [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].find(
  (tag) => tag.src === import.meta.url,
);
if (ownTag) boot({ script: ownTag });
