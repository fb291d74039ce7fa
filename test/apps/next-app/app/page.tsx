// A Server Component (no client directive in this file): the package's React entry is the client boundary.
// The same page as README's "Next.js and other server-rendering frameworks".
import {
  CartDrawer,
  LoginModal,
  MemberBadge,
  ProductGrid,
  StorefrontProvider,
} from 'storefront-widgets/react';

export default function Home() {
  return (
    <StorefrontProvider clientId="demo-client" apiBase="http://127.0.0.1:4100">
      <header>
        <strong>My Next shop</strong> <MemberBadge />
      </header>
      <ProductGrid pageSize={8} hide={['brand']} />
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
}
