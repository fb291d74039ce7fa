/**
 * `storefront-widgets/react`: the storefront's widgets and state for React apps (Next.js, Remix, Vite +
 * React), on the app's own React (≥ 18, a peer dependency). The same components as the script tag's, each in
 * its own shadow root, and headless hooks over the same store for the app's own cart page, header and grid.
 */

export type { Cart } from '../api/types/cart';
export type { Member } from '../api/types/members';
export type { Product as ProductEntity } from '../api/types/products';
export type { StorefrontApi, StorefrontEventName } from '../public-api';
export type { AddToCartInput, PlacedOrder, StorefrontEvents } from '../store/store';
export type { ProductSort } from '../store/types';
export type { CheckoutEvent, SignOutEvent, StorefrontCallbacks } from './callbacks';
export type {
  CouponState,
  DeliveryOption,
  Money,
  ShippingAddress,
  ShippingEstimate,
  Totals,
} from './cart-view';
export {
  AddToCartButton,
  type AddToCartButtonProps,
  MemberBadge,
  type MemberBadgeProps,
  Product,
  type ProductDisplayProps,
  ProductGrid,
  type ProductGridProps,
  type ProductProps,
} from './components';
export {
  CartDrawer,
  type CartDrawerProps,
  LoginModal,
  type LoginModalProps,
  type LoginView,
  type OpenChangeProps,
} from './dialogs';
export {
  type CartLine,
  type CartState,
  type MemberState,
  useCart,
  useConsent,
  useMember,
  useStorefront,
} from './hooks';
export type { Problem, ProblemCode, ProblemScope } from './problems';
export {
  type ProductLookup,
  type ProductState,
  type ProductsQuery,
  type ProductsState,
  useProduct,
  useProducts,
} from './product-hooks';
export { StorefrontProvider, type StorefrontProviderProps } from './provider';
export { serverTextsLoaded as serverReady } from './server-products';
export type { HostProps } from './shadow-host';
