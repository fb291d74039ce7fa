import { createElement, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { own } from '../../store/product-keys';
import type { Storefront } from '../../store/store';
import { useKeyedMemo } from '../../ui/keyed-memo';
import { ProductCard } from './card';
import { linkOf, type ProductSettings, QUICK_VIEW } from './settings';
import type { ProductStrings } from './strings';

/** Which grid shows the quick view now: one dialog for the page, however many grids have the product. */
let shownBy: symbol | undefined;
/**
 * Whether the address now shown came by a link in this page (a history entry of its own, which Back leaves)
 * rather than with the page (a shared link: closing it must not leave the site).
 */
let entered = false;

/** The slug (or id) a quick view's address names (`#sf-product=<slug>`), or undefined. */
function wantedIn(hash: string): string | undefined {
  if (!hash.startsWith(`#${QUICK_VIEW}`)) return undefined;
  try {
    return decodeURIComponent(hash.slice(QUICK_VIEW.length + 1)) || undefined;
  } catch {
    return undefined; // (a malformed escape names nothing)
  }
}

/**
 * `link="quick-view"`: a card's name opens the product's page layout in a dialog over the page, with an address
 * of its own (`#sf-product=<slug>`, a history entry: Back closes it, a shared link opens it). The grid that has
 * the product shows it; Escape, the close button or a click beside it goes back. With the grid's `href` too, a
 * "View full details" link leads to the product's own page.
 */
export function QuickView({
  store,
  t,
  settings,
  ids,
}: {
  store: Storefront;
  t: ProductStrings;
  settings: ProductSettings;
  /** The products this grid shows, by id. */
  ids: readonly string[];
}) {
  const [me] = useState(() => Symbol('grid'));
  // A grid that goes (a router's new page) while it shows the dialog lets the next grid show it.
  useEffect(
    () => () => {
      if (shownBy === me) shownBy = undefined;
    },
    [me],
  );
  const [wanted, setWanted] = useState(() => wantedIn(globalThis.location?.hash ?? '')); // (none on a server)
  useEffect(() => {
    const follow = () => {
      const now = wantedIn(location.hash);
      entered = now !== undefined;
      setWanted(now);
    };
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const items = useStore(store, (s) => s.products.items);
  const product = wanted
    ? ids.map((id) => own(items, id)).find((p) => p && (p.slug === wanted || p.id === wanted))
    : undefined;
  // Another grid showing it already: this one stays quiet.
  if (product && shownBy !== undefined && shownBy !== me) return null;
  if (!product) {
    if (shownBy === me) shownBy = undefined;
    return null;
  }
  shownBy = me;
  return (
    <QuickViewDialog key={product.id} store={store} t={t} settings={settings} id={product.id as string} />
  );
}

function QuickViewDialog({
  store,
  t,
  settings,
  id,
}: {
  store: Storefront;
  t: ProductStrings;
  settings: ProductSettings;
  id: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const product = useStore(store, (s) => own(s.products.items, id));
  // The product's own read, so that a page that opened at this address has what the page layout shows: once for
  // this product (its slug as it was when it opened).
  const slug = useKeyedMemo(id, () => product?.slug);
  useEffect(() => {
    if (slug) void store.getState().loadProduct({ slug });
  }, [store, slug]);
  useEffect(() => {
    const el = dialog.current;
    if (!el || el.open) return;
    const before = el.ownerDocument.activeElement as HTMLElement | null;
    el.showModal();
    return () => {
      el.close();
      // Back on the card's link that opened it, when it is still there.
      if (before?.isConnected) before.focus();
    };
  }, []);
  const close = () => {
    if (wantedIn(location.hash) === undefined) return;
    // The address a card's link added: going back closes it, and Back stays where the visitor expects it.
    if (entered) history.back();
    else {
      history.replaceState(history.state, '', location.pathname + location.search);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    }
  };
  if (!product) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; the keyboard's way out is Escape
    <dialog
      ref={dialog}
      className="quick-view"
      part="quick-view"
      aria-label={product.name ?? ''}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) close(); // the backdrop
      }}
    >
      <button type="button" className="icon close" aria-label={t.close} onClick={close}>
        ×
      </button>
      <ProductCard
        product={product}
        store={store}
        t={t}
        settings={{ ...settings, layout: 'page', link: undefined, href: undefined, headingLevel: 2 }}
        // The grid's `href` (the site's page of the product), when it has one as well as link="quick-view".
        details={linkOf({ ...settings, link: undefined }, product)}
      />
    </dialog>
  );
}
