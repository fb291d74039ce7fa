// A Server Component (no client directive in this file): the package's React entry is the client boundary.
// The same page as README's "Next.js and other server-rendering frameworks".
import { createApiClient, queryProducts, visitorAuth } from 'storefront-widgets/api';
import {
  CartDrawer,
  LoginModal,
  MemberBadge,
  ProductGrid,
  StorefrontProvider,
} from 'storefront-widgets/react';

const apiBase = process.env.STOREFRONT_API_BASE ?? 'http://127.0.0.1:4100';
const catalogue = createApiClient({ apiBase, auth: visitorAuth('demo-client') });

export default async function Home() {
  // The grid's first page, read on the server: in the page's HTML, and not asked for again by the browser.
  const page = await queryProducts(catalogue, { includeVariants: true }).limit(8).find();
  return (
    <StorefrontProvider clientId="demo-client" apiBase={apiBase} lang="en">
      <header>
        <strong>My Next shop</strong> <MemberBadge />
      </header>
      <ProductGrid pageSize={8} hide={['brand']} products={page.items} total={page.totalCount} />
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
}
