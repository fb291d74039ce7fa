/**
 * The page that test/e2e/react-dev.e2e.ts renders on the server (React's streaming renderer, in the test's
 * Node) and hydrates in the browser (`ssr.ts`, on the dev server): products a server read, handed to
 * `<ProductGrid products total>`, in StrictMode. One tree for both sides, given the package's React entry.
 */
import { createElement, StrictMode } from 'react';
import type * as Widgets from 'storefront-widgets/react';

export interface SsrProps {
  apiBase: string;
  products: NonNullable<Widgets.ProductGridProps['products']>;
  total: number | undefined;
}

export const ssrApp = (widgets: typeof Widgets, { apiBase, products, total }: SsrProps) =>
  createElement(
    StrictMode,
    null,
    createElement(
      widgets.StorefrontProvider,
      { clientId: 'demo-client', apiBase, lang: 'en' },
      createElement(
        'main',
        null,
        createElement('h1', null, 'Server-rendered shop'),
        createElement(widgets.ProductGrid, { pageSize: 4, sort: 'name-asc', products, total }),
      ),
      createElement(widgets.CartDrawer),
    ),
  );
