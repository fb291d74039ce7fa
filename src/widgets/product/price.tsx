import { createElement } from 'react';
import type { PriceData, Product } from '../../api/types/products';
import { fill } from '../../ui/i18n';
import { formatAmount } from '../../ui/price';
import type { ProductStrings } from './strings';

/** How a measurement unit is written after a number (the same in English and German). */
const UNITS: Record<string, string> = {
  ML: 'ml',
  CL: 'cl',
  L: 'l',
  CBM: 'm³',
  MG: 'mg',
  G: 'g',
  KG: 'kg',
  MM: 'mm',
  CM: 'cm',
  M: 'm',
  SQM: 'm²',
  OZ: 'oz',
  LB: 'lb',
  FLOZ: 'fl oz',
  PT: 'pt',
  QT: 'qt',
  GAL: 'gal',
  IN: 'in',
  FT: 'ft',
  YD: 'yd',
  SQFT: 'ft²',
};

/** What a price shows: the price paid and, under a discount, the regular one; and the price per unit. */
export function pricesOf(product: Product, price: PriceData | undefined, currency: string, locale: string) {
  const money = (amount: number) => formatAmount(amount, price?.currency || currency, locale);
  const regular = price?.price ?? 0;
  const paid = price?.discountedPrice ?? regular;
  // The catalogue's price per unit is the regular price's (the product's own base and total quantities):
  // the same proportion of what this variant costs.
  const base = product.priceData ?? product.price;
  const units = product.pricePerUnitData;
  const unit = units?.baseMeasurementUnit ?? '';
  // The catalogue's word, looked up among the table's own (never a `constructor` of Object.prototype).
  const symbol = Object.hasOwn(UNITS, unit) && UNITS[unit];
  const perUnit =
    base?.pricePerUnit && base.price && symbol
      ? {
          price: money((paid * base.pricePerUnit) / base.price),
          unit:
            (units?.baseQuantity ?? 1) === 1
              ? symbol
              : `${new Intl.NumberFormat(locale).format(units?.baseQuantity ?? 1)} ${symbol}`,
        }
      : undefined;
  return { paid: money(paid), regular: paid < regular ? money(regular) : undefined, perUnit };
}

export function Price({
  product,
  price,
  currency,
  locale,
  t,
}: {
  product: Product;
  price: PriceData | undefined;
  currency: string;
  locale: string;
  t: ProductStrings;
}) {
  const { paid, regular, perUnit } = pricesOf(product, price, currency, locale);
  return (
    <div className="prices">
      <p className="price" part="price">
        {regular ? (
          <span>
            <span className="sf-visually-hidden">{t.salePrice} </span>
            <span className="sale" part="sale-price">
              {paid}
            </span>{' '}
            <span className="sf-visually-hidden">{t.regularPrice} </span>
            <s className="regular" part="regular-price">
              {regular}
            </s>
          </span>
        ) : (
          paid
        )}
      </p>
      {perUnit ? (
        <p className="unit-price" part="unit-price">
          <span className="sf-visually-hidden">{t.unitPriceLabel} </span>
          {fill(t.unitPrice, perUnit)}
        </p>
      ) : null}
    </div>
  );
}
