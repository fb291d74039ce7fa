import { createElement, Fragment, useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { Product } from '../../api/types/products';
import { listKey, own, pageSizeOf, readKey } from '../../store/product-keys';
import type { Problem, Storefront } from '../../store/store';
import type { ProductList, ProductListQuery, ProductRef } from '../../store/types';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { useKeyedMemo } from '../../ui/keyed-memo';
import { ProductCard } from './card';
import { QuickView } from './quick-view';
import type { ProductSettings } from './settings';
import type { ProductStrings } from './strings';

/** Skeleton cards shown at most while a grid's first page loads (a screenful: more is noise). */
const SKELETONS = 8;

interface ViewProps {
  store: Storefront;
  t: ProductStrings;
  settings: ProductSettings;
  /**
   * Whether the element has light-DOM children of its own (a name, a price, an image): the fallback that
   * crawlers and visitors without JavaScript see, kept on show until the catalogue's answer is here.
   */
  fallback: boolean;
}

/** While the catalogue answers: the element's own fallback, else skeleton cards with a spoken "Loading". */
function Waiting({ fallback, label, count }: { fallback: boolean; label: string; count: number }) {
  if (fallback) return <slot />;
  return (
    <div className="waiting" aria-busy="true">
      <p className="sf-visually-hidden" role="status">
        {label}
      </p>
      <div className={count > 1 ? 'grid' : undefined}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <div key={i} className="card skeleton" aria-hidden="true">
            <div className="media" />
            <span />
            <span />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A failed read: what went wrong and a way to try again, below the element's fallback when it has one. */
function Trouble({
  problem,
  t,
  fallback,
  onRetry,
}: {
  problem: Problem | null;
  t: ProductStrings;
  fallback: boolean;
  onRetry: () => void;
}) {
  return (
    <Fragment>
      {fallback ? <slot /> : null}
      <div className="banner" role="alert" part="error">
        <p>
          {t[problem?.key as keyof ProductStrings] ?? t.productsFailed}
          {problem?.detail && problem.key !== 'networkError' ? (
            <span className="detail" lang="en">
              {' '}
              {problem.detail}
            </span>
          ) : null}
        </p>
        <button type="button" className="link" onClick={onRetry}>
          {t.retry}
        </button>
      </div>
    </Fragment>
  );
}

/** `<sf-product>`: one product by slug or id, read once for the page (not at all when a grid brought it). */
export function ProductView({
  store,
  t,
  settings,
  fallback,
  product: ref,
}: ViewProps & { product: ProductRef }) {
  const key = readKey(ref);
  // One reference while it names the same product (`key`): read again only for another product.
  const wanted = useKeyedMemo(key, () => ref);
  useEffect(() => {
    void store.getState().loadProduct(wanted);
  }, [store, wanted]);
  const read = useStore(store, (s) => s.products.reads[key]);
  const product = useStore(store, (s) => (read?.id ? own(s.products.items, read.id) : undefined));
  useEffect(() => {
    if (read?.status === 'missing')
      console.error(
        `[storefront] <sf-product> ${ref.id ? `product-id="${ref.id}"` : `slug="${ref.slug}"`}: the catalogue has no such product`,
      );
  }, [read?.status, ref.id, ref.slug]);
  if (product)
    return <ProductCard key={product.id} product={product} store={store} t={t} settings={settings} />;
  if (read?.status === 'missing')
    return (
      <p className="banner" part="missing">
        {t.missing}
      </p>
    );
  if (read?.status === 'error')
    return (
      <Trouble
        problem={read.problem}
        t={t}
        fallback={fallback}
        onRetry={() => void store.getState().loadProduct(ref)}
      />
    );
  return <Waiting fallback={fallback} label={t.loading} count={1} />;
}

type GridProps = ViewProps & { query: ProductListQuery };

/**
 * `<sf-product-grid>`: a collection's products (every product without one) as cards, in pages of `page-size`
 * with "Load more": one catalogue request a page, whatever the number of cards. One query while it asks the
 * same (`key`, `asked`): read again only for another.
 */
export function ProductGridView({ store, t, settings, fallback, query }: GridProps) {
  const key = listKey(query);
  const asked = useKeyedMemo(key, () => query);
  useEffect(() => {
    void store.getState().loadProducts(asked);
  }, [store, asked]);
  const list = useStore(store, (s) => s.products.lists[key]);
  const items = useStore(store, (s) => s.products.items);
  const grid = useRef<HTMLUListElement>(null);
  /** How many cards there were when "Load more" was pressed: the focus moves to the first new one. */
  const before = useRef(0);
  const shown = list?.ids.length ?? 0;
  useEffect(() => {
    if (before.current && shown > before.current)
      grid.current?.children[before.current]?.querySelector<HTMLElement>('article')?.focus();
    if (shown > before.current) before.current = 0;
  }, [shown]);
  const select = useTellList(list, asked, settings.tell);

  if (!list || list.status === 'loading')
    return (
      <Waiting fallback={fallback} label={t.loadingProducts} count={Math.min(pageSizeOf(query), SKELETONS)} />
    );
  const loadMore = () => {
    before.current = shown;
    void store.getState().loadMoreProducts(query);
  };
  if (list.status === 'error')
    return (
      <Trouble
        problem={list.problem}
        t={t}
        fallback={fallback}
        onRetry={() => void store.getState().loadProducts(query)}
      />
    );
  if (!shown)
    return (
      <p className="empty" part="empty">
        {t.empty}
      </p>
    );
  return (
    <div className="grid-root">
      <ul className="grid" part="grid" ref={grid}>
        {list.ids.map((id, index) => {
          const product = own(items, id);
          return product ? (
            // biome-ignore lint/a11y/useKeyWithClickEvents: hears its card's link (a click, also from a key)
            <li key={id} onClick={select(index, product)}>
              <ProductCard product={product} store={store} t={t} settings={settings} />
            </li>
          ) : null;
        })}
      </ul>
      {settings.link === 'quick-view' ? (
        <QuickView store={store} t={t} settings={settings} ids={list.ids} />
      ) : null}
      <div className="more">
        <p className="count" role="status" part="count">
          {list.total === undefined ? '' : fill(t.productsShown, { shown, total: list.total })}
        </p>
        {list.hasMore ? (
          <Button
            className="secondary"
            part="load-more"
            blocked={list.more === 'loading'}
            aria-busy={list.more === 'loading' ? 'true' : undefined}
            onClick={loadMore}
          >
            {list.more === 'loading' ? t.loadingMore : t.loadMore}
          </Button>
        ) : null}
        {list.more === 'error' ? (
          <Trouble problem={list.problem} t={t} fallback={false} onRetry={loadMore} />
        ) : null}
      </div>
    </div>
  );
}

/**
 * What a grid tells of its list: a collection the catalogue does not have, once on the console for the site's
 * builder; and its cards, to the page's analytics, each time they change (the first page, a page more: its
 * `query`, the same object while it asks the same, makes it one list, whose every card the analytics tell once),
 * and a card's link followed (`select` makes its `li`'s click handler: to the product's page or its quick view).
 */
function useTellList(list: ProductList | undefined, query: ProductListQuery, tell: ProductSettings['tell']) {
  const missing = list?.problem?.key === 'collectionMissing' ? list.problem.detail : undefined;
  useEffect(() => {
    if (missing)
      console.error(`[storefront] <sf-product-grid collection="${missing}">: there is no such collection`);
  }, [missing]);
  const ids = list?.ids;
  useEffect(() => tell?.('product:listViewed', { query, productIds: ids ?? [] }), [tell, query, ids]);
  return (index: number, product: Product) => (event: { target: EventTarget | null }) =>
    (event.target as Element).closest('a') && tell?.('product:selected', { query, index, product });
}
