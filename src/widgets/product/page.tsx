/**
 * What only a product page shows (`layout="page"`): the gallery, the description and the additional info, with
 * the HTML sanitiser they need, and the news of its view. A chunk of its own, so a page of cards never
 * downloads it.
 */
import {
  createElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Media } from '../../api/types/common';
import type { Product } from '../../api/types/products';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { adoptStyles } from '../../ui/styles';
import { gallery } from './gallery';
import css from './page.css?inline';
import { Picture, SIZES } from './picture';
import { type SafeNode, sanitizeHtml } from './sanitize';
import type { ProductSettings } from './settings';
import type { ProductStrings } from './strings';

/** These parts' styles (a server's render puts them in its markup: React's `storefront-widgets/react`). */
export { css as pageCss };

/**
 * These parts' styles, added to the shadow root they render in before it paints (a card never needs them).
 * (No layout effect on a server, where React 18 warns of one.)
 */
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;
function usePageStyles(ref: RefObject<HTMLElement | null>) {
  useBeforePaint(() => {
    const root = ref.current?.getRootNode();
    if (root instanceof ShadowRoot) adoptStyles(root, css);
  }, [ref]);
}

const render = (node: SafeNode, index: number): ReactNode =>
  typeof node === 'string'
    ? node
    : createElement(node.tag, { key: index, ...node.attrs }, ...node.children.map(render));

/** Merchant HTML through the allow-list (`sanitize.ts`), rendered as elements and text, never as markup. */
export function RichText({ html, part }: { html: string | undefined; part: string }) {
  const nodes = useMemo(() => sanitizeHtml(html), [html]);
  if (!nodes.length) return null;
  return (
    // In the merchant's direction, whatever the page's (an English description on a right-to-left page).
    <div className="rich" part={part} dir="auto">
      {nodes.map(render)}
    </div>
  );
}

/**
 * The description, then each additional info section as a disclosure (its title the summary); and, as the one
 * part every product page and quick view shows, the news that the product was viewed (`product:viewed`).
 */
export function Texts({
  product,
  hide,
  tell,
}: {
  product: Product;
  hide: ReadonlySet<string>;
  tell: ProductSettings['tell'];
}) {
  const ref = useRef<HTMLDivElement>(null);
  usePageStyles(ref);
  // Told once (not again for a render, nor for StrictMode's second run of the effect), by this chunk, which
  // only product pages download.
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    tell?.('product:viewed', { product });
  });
  return (
    <div className="texts" ref={ref}>
      {hide.has('description') ? null : <RichText html={product.description} part="description" />}
      {hide.has('info')
        ? null
        : (product.additionalInfoSections ?? []).map((section, index) =>
            section.title || section.description ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id, and their order is the product's
              <details key={`${index}:${section.title}`} className="info" part="info">
                <summary className="fold">{section.title}</summary>
                <RichText html={section.description} part="info-text" />
              </details>
            ) : null,
          )}
    </div>
  );
}

/**
 * The product page's pictures: the one shown, and a button for each to show it instead. (Keyed by its first
 * picture: a chosen colour with pictures of its own starts again from its first.)
 */
export function Gallery({
  media,
  name,
  badges,
  dimmed,
  t,
}: {
  media: Media;
  name: string;
  /** The ribbon and the sold-out badge, on the picture. */
  badges: ReactNode;
  dimmed: boolean;
  t: ProductStrings;
}) {
  const items = useMemo(() => gallery(media, name), [media, name]);
  const [index, setIndex] = useState(0);
  const ref = useRef<HTMLElement>(null);
  usePageStyles(ref);
  const shown = items[index] ?? items[0];
  const sold = dimmed ? '' : undefined;
  if (!shown)
    return (
      <div className="media empty" part="gallery" data-sold-out={sold}>
        {badges}
      </div>
    );
  return (
    <section className="gallery" part="gallery" aria-label={fill(t.images, { name })} ref={ref}>
      <div className="media" part="media" data-sold-out={sold}>
        <Picture item={shown} sizes={SIZES.page} eager />
        {badges}
      </div>
      {items.length > 1 ? (
        <div className="thumbs">
          {items.map((item, i) => (
            <button
              key={item.src}
              type="button"
              className="thumb"
              part="thumbnail"
              aria-label={fill(t.showImage, { index: i + 1, count: items.length })}
              aria-pressed={i === index}
              onClick={() => setIndex(i)}
            >
              {item.kind === 'image' || item.poster ? (
                <img src={item.poster ?? item.src} alt="" width={64} height={64} loading="lazy" />
              ) : (
                <span aria-hidden="true">▶</span>
              )}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * On a phone, the price and the add button in a bar at the screen's foot while the page's own button is out of
 * sight (still below, or scrolled away above; in the page, or in the quick view's dialog): gone when it is. Its
 * button adds as the page's does, with the choices made; a wrong quantity takes the focus to its field. (CSS shows
 * it only below 720 px; it stays while it has a keyboard's focus.)
 */
export function StickyBar({
  article,
  name,
  price,
  label,
  busy,
  soldOut,
  onAdd,
}: {
  article: RefObject<HTMLElement | null>;
  name: string;
  price: string;
  label: string;
  busy: boolean;
  /** Sold out or unavailable: the button cannot act (it says why). */
  soldOut: boolean;
  onAdd: () => Promise<boolean>;
}) {
  const [away, setAway] = useState(false);
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const button = article.current?.querySelector('.buy');
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setAway(!entry.isIntersecting);
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [article]);
  const add = async () => {
    if (!(await onAdd())) article.current?.querySelector<HTMLElement>('.buy input')?.focus();
  };
  return (
    <section
      className="sticky-bar"
      part="sticky-bar"
      aria-label={name}
      data-shown={away || focused ? '' : undefined}
      // A keyboard's focus keeps it (a pointer's does not: the drawer gives it back after an add).
      onFocus={(event) => setFocused((event.target as Element).matches(':focus-visible'))}
      onBlur={() => setFocused(false)}
    >
      {price ? <span className="bar-price">{price}</span> : null}
      <Button
        className="primary"
        part="sticky-add-button"
        blocked={busy || soldOut}
        aria-busy={busy ? 'true' : undefined}
        onClick={add}
      >
        {label}
      </Button>
    </section>
  );
}
