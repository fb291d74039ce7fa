import type { AnalyticsTap } from '../analytics/tap';
import type { EmbedConfig } from '../config';
import type { Storefront } from '../store/store';

/**
 * What every widget is handed when it mounts: the configuration and the page's one store (and the page's
 * analytics, if it has some). Nothing else of the platform's: a widget reaches it only through the store's
 * actions (the session and the site's captcha are the store's own dependencies).
 */
export interface WidgetContext {
  config: EmbedConfig;
  store: Storefront;
  /**
   * The store's events hub: its `analytics`, the page's analytics (`data-analytics`; none without), which the
   * product elements tell what the shopper saw and chose (`ProductSignals`).
   */
  hub?: { analytics?: AnalyticsTap | undefined } | undefined;
}

/** Sent to an `<sf-member-badge>` to open its account menu (a signed-in member's `data-sf-sign-in` button). */
export const OPEN_MENU_EVENT = 'sf-open-menu';

/** A widget chunk's entry: render into the element's shadow root; return how to tear it down. */
export interface WidgetModule {
  mount(root: ShadowRoot, host: HTMLElement, context: WidgetContext): () => void;
  /** Readies what the widget's first show will need (its code fetched ahead, before it is wanted). */
  warm?(doc: Document, context: WidgetContext): void;
}

/**
 * Defines a custom element whose code loads only when the first such element is connected, including
 * elements added to the page later. Each element gets an open shadow root; its widget mounts once the chunk
 * is there and unmounts when the element leaves the page. Returns false when the name was already defined
 * (the script tag was pasted twice), so nothing mounts twice.
 */
export function defineLazyElement(
  registry: CustomElementRegistry,
  name: string,
  load: () => Promise<WidgetModule>,
  context: WidgetContext,
  /** Resolves when the chunk is wanted (a drawer: when it first opens); at once when not given. */
  gate?: () => Promise<void>,
  /**
   * What the element says when its code cannot be had (a dropped connection, tried twice; a file that does not
   * match its hash): in its place, or, for an element opened on demand (`gate`: the drawer, the modal), at the
   * foot of the window.
   */
  cannotLoad?: () => Promise<string>,
): boolean {
  if (registry.get(name)) return false;
  class LazyWidgetElement extends HTMLElement {
    #unmount: (() => void) | undefined;
    /** Bumped on every connect and disconnect, so a chunk that arrives late mounts only if still wanted. */
    #generation = 0;

    connectedCallback(): void {
      let root = this.shadowRoot;
      // Until its widget renders, the element shows its own children (a fallback for crawlers and no-JS); the
      // widget's first render replaces the slot.
      if (!root) {
        root = this.attachShadow({ mode: 'open' });
        root.append(document.createElement('slot'));
      }
      const generation = ++this.#generation;
      (gate ? gate().then(load) : load()).then(
        (widget) => {
          if (generation !== this.#generation || !this.isConnected || this.#unmount) return;
          this.#unmount = widget.mount(root, this, context);
        },
        (error: unknown) => {
          console.error(`[storefront] could not load <${name}>:`, error);
          void cannotLoad?.().then((text) => {
            if (generation !== this.#generation || !this.isConnected) return;
            const note = document.createElement('p');
            note.setAttribute('role', 'alert');
            note.setAttribute('part', 'load-error');
            note.textContent = text;
            // At the foot of the window for an element opened on demand (the CSS object model, which a
            // Content-Security-Policy without 'unsafe-inline' allows).
            if (gate)
              note.style.cssText =
                'position:fixed;bottom:0;margin:1rem;padding:1rem;background:Canvas;border:solid';
            root.prepend(note);
          });
        },
      );
    }

    disconnectedCallback(): void {
      this.#generation++;
      const unmount = this.#unmount;
      this.#unmount = undefined;
      unmount?.();
    }
  }
  registry.define(name, LazyWidgetElement);
  return true;
}

/** Resolves once a store's state first satisfies a predicate (at once if it already does). */
export function whenState<S>(
  store: { getState(): S; subscribe(listener: (state: S) => void): () => void },
  predicate: (state: S) => boolean,
): () => Promise<void> {
  let promise: Promise<void> | undefined;
  return () => {
    promise ??= new Promise<void>((resolve) => {
      if (predicate(store.getState())) return resolve();
      const stop = store.subscribe((state) => {
        if (!predicate(state)) return;
        stop();
        resolve();
      });
    });
    return promise;
  };
}
