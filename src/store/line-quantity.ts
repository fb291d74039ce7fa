import type { LineItem } from '../api/types/cart';

/**
 * A line with a new quantity, its line price worked out in whole cents (no float drift: `19.99 × 3` is
 * `59.97`; an integer over 100 prints as its shortest decimal).
 */
export function withQuantity(line: LineItem, quantity: number): LineItem {
  const unit = line.price?.amount;
  if (unit === undefined) return { ...line, quantity };
  const cents = Math.round(Number(unit) * 100) * quantity;
  return { ...line, quantity, lineItemPrice: { amount: String(cents / 100) } };
}
