/**
 * A small app on `storefront-widgets/react` as a React developer runs it: Vite's dev server, React's
 * development build, everything inside `<StrictMode>` (test/e2e/react-dev.e2e.ts serves it on React 19 and
 * on React 18). It has a language switcher, an inline `fetch` (a new function on every render, as an app that
 * wraps the window's writes it) and the app's own cart button on `useCart()`. With `?controlled`, the drawer and
 * the modal are the app's own state (`open`, `onOpenChange`), which takes every change asked for and writes
 * each in `.asked`.
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
const controlled = params.has('controlled');

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

/** The dialogs' open state as the app's own (with `?controlled`), and what they asked for. */
function useDialogs() {
  const [cartOpen, setCartOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const [asked, setAsked] = useState<string[]>([]);
  const ask = (dialog: string, set: (open: boolean) => void) => (open: boolean) => {
    setAsked((before) => [...before, `${dialog}:${open}`]);
    set(open);
  };
  return {
    asked,
    openCart: () => setCartOpen(true),
    cart: controlled ? { open: cartOpen, onOpenChange: ask('cart', setCartOpen) } : {},
    login: controlled ? { open: loginOpen, onOpenChange: ask('login', setLoginOpen) } : {},
  };
}

function App() {
  const [lang, setLang] = useState('en');
  const dialogs = useDialogs();
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
      {controlled ? (
        <button type="button" onClick={dialogs.openCart}>
          Open the cart (app state)
        </button>
      ) : null}
      <output className="asked">{dialogs.asked.join(' ')}</output>
      <CartDrawer {...dialogs.cart} />
      <LoginModal {...dialogs.login} />
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
