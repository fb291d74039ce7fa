import {
  AddToCartButton,
  CartDrawer,
  LoginModal,
  MemberBadge,
  ProductGrid,
  StorefrontProvider,
  useCart,
} from 'storefront-widgets/react';

function CartButton() {
  const { count, openCart } = useCart();
  return (
    <button type="button" onClick={openCart}>
      Cart ({count})
    </button>
  );
}

export default function App() {
  return (
    <StorefrontProvider clientId="demo-client" apiBase="http://127.0.0.1:4100">
      <header>
        <strong>My React shop</strong> <MemberBadge /> <CartButton />
      </header>
      <AddToCartButton productId="dace0cad-7e1d-4340-ac45-39a68ab5e3c8">
        Add the Stoneware Mug
      </AddToCartButton>
      <ProductGrid collection="summer" />
      <CartDrawer />
      <LoginModal />
    </StorefrontProvider>
  );
}
