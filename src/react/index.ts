/**
 * `storefront-widgets/react`: the storefront's widgets and state for React apps (Next.js, Remix, Vite +
 * React), on the app's own React (≥ 18, a peer dependency). The same components as the script tag's, each in
 * its own shadow root.
 */

export type { Product as ProductEntity } from '../api/types/products';
export type { StorefrontApi, StorefrontEventName } from '../public-api';
export type { AddToCartInput, StorefrontEvents } from '../store/store';
export type { ProductSort } from '../store/types';
export {
  AddToCartButton,
  type AddToCartButtonProps,
  CartDrawer,
  LoginModal,
  MemberBadge,
  Product,
  type ProductDisplayProps,
  ProductGrid,
  type ProductGridProps,
  type ProductProps,
} from './components';
export { useCart, useMember, useProduct, useStorefront } from './hooks';
export { StorefrontProvider, type StorefrontProviderProps } from './provider';
