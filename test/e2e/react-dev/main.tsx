/**
 * A small app on `storefront-widgets/react` as a React developer runs it: Vite's dev server, React's
 * development build, everything inside `<StrictMode>` (test/e2e/react-dev.e2e.ts serves it on React 19 and
 * on React 18). It has a language switcher, an inline `fetch` (a new function on every render, as an app that
 * wraps the window's writes it) and the app's own cart button on `useCart()`.
 */
import { createElement, StrictMode, useState, version } from 'react';
import { createRoot } from 'react-dom/client';
import {
  AddToCartButton,
  CartDrawer,
  LoginModal,
  MemberBadge,
  StorefrontProvider,
  useCart,
} from 'storefront-widgets/react';

// The test gives the sandbox's address and a product of its catalogue: ?apiBase=…&product=…
const params = new URLSearchParams(window.location.search);
const apiBase = params.get('apiBase') ?? '';
const productId = params.get('product') ?? '';

function Header({ lang, onLang }: { lang: string; onLang(next: string): void }) {
  const { count, openCart } = useCart();
  return (
    <header>
      <MemberBadge />
      <button type="button" className="cart-button" onClick={openCart}>
        Cart ({count})
      </button>
      <button type="button" onClick={() => onLang(lang === 'en' ? 'de' : 'en')}>
        {lang === 'en' ? 'Deutsch' : 'English'}
      </button>
    </header>
  );
}

function App() {
  const [lang, setLang] = useState('en');
  return (
    <StorefrontProvider
      clientId="demo-client"
      apiBase={apiBase}
      lang={lang}
      fetch={(input, init) => window.fetch(input, init)}
    >
      <Header lang={lang} onLang={setLang} />
      <main>
        <AddToCartButton productId={productId}>Add the Stoneware Mug</AddToCartButton>
      </main>
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
}

// Which React the dev server gave the app, for the test to check.
document.documentElement.dataset.react = version;
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
