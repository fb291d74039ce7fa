/**
 * A small React app on `storefront-widgets/react`, built by Vite with real React (`npm run build` writes it to
 * dist/demo-react; `npm start` serves it at /react/). The same shop as the script-tag demo: products with
 * add-to-cart buttons, the cart drawer, the login modal and the member badge.
 */
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AddToCartButton,
  CartDrawer,
  LoginModal,
  MemberBadge,
  StorefrontProvider,
  useCart,
  useMember,
} from 'storefront-widgets/react';
import './app.css';

const PRODUCTS = [
  {
    id: 'dace0cad-7e1d-4340-ac45-39a68ab5e3c8',
    name: 'Stoneware Mug',
    price: '$18.00',
    image: 'stoneware-mug',
  },
  {
    id: 'c8539b66-7a44-fe18-affc-afec4be8562a',
    name: 'Everyday Cotton Tee',
    image: 'everyday-cotton-tee',
    options: { Size: 'Medium', Color: 'Black' },
  },
];

function Header() {
  const { count, openCart } = useCart();
  const { signedIn, member } = useMember();
  return (
    <header className="site-header">
      <strong className="brand">Northwind Supply · React</strong>
      <span className="greeting">
        {signedIn ? `Hello, ${member?.profile?.nickname ?? 'member'}` : 'Welcome'}
      </span>
      <MemberBadge />
      <button type="button" className="cart-button" onClick={openCart}>
        Cart <span className="count">{count}</span>
        <span className="visually-hidden"> items</span>
      </button>
    </header>
  );
}

function App({ clientId, apiBase }: { clientId: string; apiBase: string }) {
  return (
    <StorefrontProvider clientId={clientId} apiBase={apiBase}>
      <Header />
      <main className="grid">
        {PRODUCTS.map((product) => (
          <article key={product.id} className="product">
            <img src={`${apiBase}/_sandbox/media/${product.image}.svg`} alt="" width={240} height={240} />
            <h2>{product.name}</h2>
            {product.options ? <p className="muted">{Object.values(product.options).join(' · ')}</p> : null}
            <AddToCartButton
              className="add"
              productId={product.id}
              {...(product.options ? { options: product.options } : {})}
            >
              Add {product.name} to cart
            </AddToCartButton>
          </article>
        ))}
      </main>
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
}

const root = document.getElementById('root') as HTMLElement;
createRoot(root).render(
  <StrictMode>
    <App clientId={root.dataset.clientId ?? ''} apiBase={root.dataset.apiBase ?? ''} />
  </StrictMode>,
);
