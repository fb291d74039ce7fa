import { createElement, useEffect } from 'react';
import type { LineItem } from '../../api/types/cart';
import type { AddToCartInput } from '../../store/store';
import { fill } from '../../ui/i18n';
import { type Props, textOf } from './view';

/** How long a removed line's Undo stays (a new removal starts it again). */
const UNDO_MS = 8000;

/** "Stoneware Mug removed. Undo": the line added back as it was (product, choices, quantity) for a few seconds. */
export function Undo({ store, t, line, done }: Props & { line: LineItem; done: (none: null) => void }) {
  // (A new removal is a new Undo: its key is the line's.)
  useEffect(() => {
    const timer = setTimeout(() => done(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [done]);
  const reference = line.catalogReference;
  const { variantId, options } = (reference?.options ?? {}) as Partial<AddToCartInput>;
  return (
    <p className="undo" role="status" part="undo">
      {fill(t.removed, { name: textOf(line.productName) ?? '' })}{' '}
      <button
        type="button"
        className="link"
        onClick={() => {
          done(null);
          if (reference)
            void store.getState().addToCart({
              productId: reference.catalogItemId,
              quantity: line.quantity ?? 1,
              ...(variantId ? { variantId } : {}),
              ...(options ? { options } : {}),
            });
        }}
      >
        {t.undo}
      </button>
    </p>
  );
}
