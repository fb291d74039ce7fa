import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Product } from '../../api/types/products';
import { retryOnce } from '../../chunks';
import type { AddToCartInput, Problem, Storefront } from '../../store/store';
import { type Offer, optionsOf, type Selection } from './availability';
import type { ProductSettings } from './settings';

export type AddState =
  | { kind: 'idle' | 'adding' | 'added' }
  | { kind: 'error'; problem: Problem | null; input: AddToCartInput };
const ADDED: AddState = { kind: 'added' };

/** What adding to the cart needs to keep: the quantity typed, whether it is wrong, how the last add went. */
export function useAddToCart(
  product: Product,
  store: Storefront,
  selection: Selection,
  offer: Offer,
  settings: ProductSettings,
) {
  const [draft, setDraft] = useState('1');
  const [invalid, setInvalid] = useState(false);
  const [added, setAdded] = useState<AddState>({ kind: 'idle' });
  // The quantity asked for stays within what is left of the chosen variant.
  useEffect(() => {
    if (Number(draft) > offer.max) setDraft(String(offer.max));
  }, [offer.max, draft]);
  // A failed add the drawer's "Try again" made (it sends this very input again) is an add made, on the card
  // too; nothing else (a read of the cart, another add of the product) says this one arrived.
  const made = useStore(store, (s) => added.kind === 'error' && s.cart.lastAdded === added.input);

  /** Adds the quantity typed, with the choices made; false when the quantity is wrong (nothing sent). */
  const add = async (): Promise<boolean> => {
    const quantity = Number(draft);
    if (!/^\d+$/.test(draft.trim()) || quantity < 1 || quantity > offer.max) {
      setInvalid(true);
      return false;
    }
    setInvalid(false);
    setAdded({ kind: 'adding' });
    const input: AddToCartInput = {
      productId: product.id as string,
      quantity,
      ...(optionsOf(product).length ? { options: selection } : {}),
    };
    const ok = await store.getState().addToCart(input);
    setAdded(ok ? ADDED : { kind: 'error', problem: store.getState().cart.error, input });
    if (ok && settings.openCartOnAdd) store.getState().openCart();
    else if (ok && settings.notice) {
      const config = settings.notice;
      // (Its code downloads with the first such add: a chunk of its own.)
      retryOnce(() => import('../toast/index')).then(
        (notice) => notice.showAdded(store, config, input.productId),
        (error: unknown) => console.error('[storefront] the notice of an add could not be loaded:', error),
      );
    }
    return true;
  };
  const type = (value: string) => {
    setDraft(value);
    setInvalid(false);
  };
  return {
    draft,
    invalid,
    added: made ? ADDED : added,
    setAdded,
    add,
    type,
    openCartOnAdd: settings.openCartOnAdd,
  };
}

export type AddToCartState = ReturnType<typeof useAddToCart>;
