import { createElement } from 'react';
import { useStore } from 'zustand';
import type { LineItem } from '../../api/types/cart';
import { withQuantity } from '../../store/line-quantity';
import type { AddToCartInput } from '../../store/store';
import { safeImageUrl } from '../../ui/format';
import { formatPrice } from '../../ui/price';
import type { ViewProps } from './view';

/**
 * Whether a cart line is the product (and variant) an add names. An add by options (a page's pickers) is not
 * matched to a line (their names may be written otherwise): it shows a line of its own until the answer.
 */
function isLineOf(line: LineItem, add: AddToCartInput): boolean {
  const reference = line.catalogReference;
  const chosen = reference?.options ?? {};
  return (
    reference?.catalogItemId === add.productId &&
    !add.options &&
    !chosen.options &&
    chosen.variantId === add.variantId
  );
}

/**
 * The lines with the add on its way shown over them: the line of the same product with its quantity raised, or
 * none found, `adding` for a line of its own (`PendingLine`). The server's answer replaces it (`addingItem`).
 */
export function withAddShown(
  lines: LineItem[],
  add: AddToCartInput | null,
): { lines: LineItem[]; raised?: string | undefined; adding?: AddToCartInput | null } {
  const line = add && lines.find((l) => isLineOf(l, add));
  return line
    ? {
        lines: lines.map((l) => (l === line ? withQuantity(l, (l.quantity ?? 1) + (add?.quantity ?? 1)) : l)),
        raised: line.id,
      }
    : { lines, adding: add };
}

/**
 * An added line the cart does not have yet: what the page knows of the product (a product element's read: its
 * name, picture and price), else grey bars where they will be. Busy until the server answers.
 */
export function PendingLine({ store, add, currency, locale }: ViewProps & { add: AddToCartInput }) {
  const product = useStore(store, (s) => s.products.items[add.productId]);
  const quantity = add.quantity ?? 1;
  const name = product?.name;
  const image = safeImageUrl(product?.media?.mainMedia?.image?.url);
  // A variant's or options' price may differ from the product's: shown only for a product without them.
  const unit = add.variantId || add.options ? undefined : product?.priceData?.price;
  return (
    <li className="line pending" part="line pending-line" aria-busy="true">
      {image ? (
        <img className="thumb" src={image} alt="" />
      ) : (
        <span className="thumb shimmer" aria-hidden="true" />
      )}
      <div className="line-main bars">
        <div className="line-head">
          {name ? (
            <p className="line-name" part="line-name">
              {name}
            </p>
          ) : (
            <span className="bar shimmer" aria-hidden="true" />
          )}
          {unit === undefined ? null : (
            <p className="line-total" part="line-total">
              {/* (Written to the currency's cents: no float drift shows.) */}
              {formatPrice({ amount: String(unit * quantity) }, currency, locale)}
            </p>
          )}
        </div>
        <p className="muted">× {quantity}</p>
      </div>
    </li>
  );
}
