import { createElement, useEffect, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useStore } from 'zustand';
import type { EmbedConfig } from '../../config';
import type { Storefront } from '../../store/store';
import controls from '../../ui/controls.css?inline';
import { safeImageUrl } from '../../ui/format';
import { textsDirection } from '../../ui/i18n';
import { initialOf } from '../../ui/initial';
import { adoptStyles } from '../../ui/styles';
import theme from '../../ui/theme.css?inline';
import { type Strings, stringsFor } from '../cart-drawer/strings';
import { textOf } from '../cart-drawer/view';
import styles from './styles.css?inline';

/** What the notice of an add is shown with: the page's configuration (language, texts, theme). */
export type NoticeConfig = Pick<EmbedConfig, 'lang' | 'strings'> & Partial<Pick<EmbedConfig, 'theme'>>;

/** How long the notice stays (not counting while the pointer is over it or the focus in it). */
export const TOAST_MS = 5000;

/** The notice's styles: the shared theme and controls, then its own. */
export const css = `${theme}\n${controls}\n${styles}`;

/** An add shown: the page's store and configuration, the product, and a new key for each (its time anew). */
interface Added {
  store: Storefront;
  config: NoticeConfig;
  productId: string;
  key: number;
}

/** Tells the notice what to show (null: nothing), once its host is on the page. */
let show: ((added: Added | null) => void) | undefined;
let adds = 0;

/**
 * Where the notice goes: under the page's cart button (`data-sf-open-cart`) and the header it is in, so it
 * covers none of the header's controls; at the top of the window when the button is not in view.
 */
function placeUnderCartButton(host: HTMLElement): void {
  const doc = host.ownerDocument;
  const button = doc.querySelector('[data-sf-open-cart]');
  const below = (el: Element | null | undefined) => el?.getBoundingClientRect().bottom ?? 0;
  const bottom = Math.max(below(button), below(button?.closest('header')));
  const inView = bottom > 0 && bottom < (doc.defaultView?.innerHeight ?? 0) / 2;
  host.style.setProperty('--sf-toast-top', `${inView ? Math.round(bottom) : 0}px`);
}

/**
 * Puts the notice's host (its own shadow root) at the end of the body, and renders each add into it once its
 * texts are here (the page's language's: the drawer's pack, which the add downloaded).
 */
function mountNotice(): (added: Added | null) => void {
  const host = document.createElement('sf-cart-toast');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, css);
  const rendered: Root = createRoot(root);
  let latest: Added | null = null;
  const render = (t?: Strings) => {
    if (!latest || !t) return rendered.render(null);
    rendered.render(<Notice store={latest.store} t={t} added={latest} done={done} />);
  };
  const update = (added: Added | null) => {
    latest = added;
    if (!added) return render();
    const { config } = added;
    placeUnderCartButton(host);
    if (config.theme && config.theme !== 'auto') host.setAttribute('data-theme', config.theme);
    else host.removeAttribute('data-theme');
    stringsFor(config.lang, config.strings).then(
      (t) => {
        if (latest !== added) return;
        host.setAttribute('data-texts', textsDirection(config, t));
        render(t);
      },
      (error: unknown) => console.error('[storefront]', error),
    );
  };
  const done = () => update(null);
  return update;
}

/**
 * `data-open-cart-on-add="toast"`: an add made shows a small notice near the page's cart button ("Added to
 * cart", "View cart") rather than opening the drawer, in place of one on show. Its code (this chunk) downloads
 * with the first add: each way to add imports it then (a page's button, a product card, React's button).
 */
export function showAdded(store: Storefront, config: NoticeConfig, productId: string): void {
  // The drawer open (an add from a quick view over it) shows the add itself.
  if (store.getState().ui.cartOpen) return;
  show ??= mountNotice();
  show({ store, config, productId, key: ++adds });
}

/** Whether the pointer is over an element or the focus in it, kept current. */
function useHeld() {
  const box = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const [within, setWithin] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const events: Array<[string, () => void]> = [
      ['mouseenter', () => setOver(true)],
      ['mouseleave', () => setOver(false)],
      ['focusin', () => setWithin(true)],
      ['focusout', () => setWithin(el.matches(':focus-within'))],
    ];
    for (const [type, listener] of events) el.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of events) el.removeEventListener(type, listener);
    };
  }, []);
  return { box, held: over || within };
}

/**
 * The notice: the product added, "Added to cart" and "View cart" (the drawer), in a polite live region; not
 * modal (the focus stays on the page). It goes after `TOAST_MS`, but not while the pointer is over it or the
 * focus in it (the time starts again when they leave).
 */
function Notice({
  store,
  t,
  added,
  done,
}: {
  store: Storefront;
  t: Strings;
  added: Added | null;
  done: () => void;
}) {
  const { box, held } = useHeld();
  const key = added?.key;
  useEffect(() => {
    if (key === undefined || held) return;
    const timer = setTimeout(done, TOAST_MS);
    return () => clearTimeout(timer);
  }, [key, held, done]);
  const line = useStore(store, (s) =>
    added
      ? s.cart.cart?.lineItems?.find((l) => l.catalogReference?.catalogItemId === added.productId)
      : undefined,
  );
  const name = textOf(line?.productName) ?? '';
  const image = safeImageUrl(line?.image);
  // The live region is there before its text, so that the text is heard.
  return (
    <div className="toast-region" role="status" ref={box}>
      {added ? (
        <div className="toast" part="toast">
          {image ? (
            <img className="thumb" src={image} alt="" width={48} height={48} />
          ) : (
            <span className="thumb placeholder" aria-hidden="true">
              {initialOf(name)}
            </span>
          )}
          <p>
            {name ? (
              <strong>
                <bdi>{name}</bdi>
              </strong>
            ) : null}
            <span>{t.toastAdded}</span>
          </p>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              done();
              store.getState().openCart();
            }}
          >
            {t.viewCart}
          </button>
          <button type="button" className="icon" aria-label={t.close} onClick={done}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
