import type { Choice, PriceData, Product, ProductOption, Variant } from '../../api/types/products';
import { MAX_QUANTITY } from '../../store/store';

/** The choices made, by option name, each named by its description (`{"Size": "Medium"}`). */
export type Selection = Record<string, string>;

/**
 * What a choice is, given the other options' choices: on sale, sold out (some variant with it is shown, none
 * is in stock), or unavailable (no variant with it is shown: the merchant hid them or none exists).
 */
export type ChoiceState = 'available' | 'soldOut' | 'unavailable';

/** The name shoppers see, by which variants, availability and cart lines name a choice (WIRE.md 15). */
export const choiceName = (choice: Choice): string => choice.description ?? choice.value ?? '';

const picks = (variant: Variant, selection: Selection) =>
  Object.entries(selection).every(([name, value]) => variant.choices?.[name] === value);
const shown = (variant: Variant) => variant.variant?.visible !== false;
// An answer without a stock flag is not a sold-out one: the cart has the last word.
const inStock = (variant: Variant) => variant.stock?.inStock !== false;

/** The options a shopper picks from, each with the choices the merchant shows. */
export const optionsOf = (product: Product): ProductOption[] =>
  (product.productOptions ?? []).map((option) => ({
    ...option,
    choices: (option.choices ?? []).filter((choice) => choice.visible !== false),
  }));

/**
 * Each choice's state given the rest of the selection, by the rule of the platform's
 * `productOptionsAvailability` (the same answer for every partial selection of the sandbox's seed, see the
 * tests), worked out from the variants the product came with, so a change of choice needs no request. A
 * choice is on sale when some shown variant with it and the other choices is in stock. The tables have no
 * prototype: an option or a choice may be called `constructor` or `__proto__`.
 */
export function choiceStates(
  product: Product,
  selection: Selection,
): Record<string, Record<string, ChoiceState>> {
  const variants = product.variants ?? [];
  const states: Record<string, Record<string, ChoiceState>> = Object.create(null);
  for (const option of optionsOf(product)) {
    const name = option.name ?? '';
    const others = { ...selection };
    delete others[name];
    const byChoice: Record<string, ChoiceState> = Object.create(null);
    for (const choice of option.choices ?? []) {
      const value = choiceName(choice);
      const candidates = variants.length
        ? variants.filter((variant) => picks(variant, { ...others, [name]: value }) && shown(variant))
        : // Without variants the choice's own flags are all there is.
          [{ stock: { inStock: choice.inStock !== false } } as Variant];
      byChoice[value] = !candidates.length
        ? 'unavailable'
        : candidates.some(inStock)
          ? 'available'
          : 'soldOut';
    }
    states[name] = byChoice;
  }
  return states;
}

/** The one variant a full selection picks (the default variant of a product without options). */
export function variantOf(product: Product, selection: Selection): Variant | undefined {
  const variants = product.variants ?? [];
  if (!optionsOf(product).length) return variants[0];
  const picked = variants.filter((variant) => picks(variant, selection));
  return picked.length === 1 ? picked[0] : undefined;
}

/**
 * The selection a product opens with: the first shown variant in stock (else the first shown one), so a card
 * can be added at once and shows a real price and stock; a product without variants takes each option's
 * first choice on sale.
 */
export function initialSelection(product: Product): Selection {
  const options = optionsOf(product);
  if (!options.length) return {};
  const variants = (product.variants ?? []).filter(shown);
  const names = options.map((option) => option.name ?? '');
  const usable = (variant: Variant) =>
    names.every((name) =>
      options
        .find((option) => option.name === name)
        ?.choices?.some((choice) => choiceName(choice) === variant.choices?.[name]),
    );
  const first = variants.find((v) => inStock(v) && usable(v)) ?? variants.find(usable);
  if (first) return Object.fromEntries(names.map((name) => [name, first.choices?.[name] ?? '']));
  return Object.fromEntries(
    options.map((option) => {
      const choice = option.choices?.find((c) => c.inStock !== false) ?? option.choices?.[0];
      return [option.name ?? '', choice ? choiceName(choice) : ''];
    }),
  );
}

/** What the shopper would buy with a selection: its price, SKU, stock and how many may be added. */
export interface Offer {
  variant: Variant | undefined;
  price: PriceData | undefined;
  sku: string | undefined;
  /** Whether the selection can be bought now (a variant, shown, in stock). */
  available: boolean;
  /** The units left, when the shop counts them. */
  left: number | undefined;
  /** The most one add may ask for: the units left, at most the cart's limit. */
  max: number;
}

export function offerOf(product: Product, selection: Selection): Offer {
  const variant = variantOf(product, selection);
  const options = optionsOf(product).length > 0;
  const stock = variant?.stock ?? (options ? undefined : product.stock);
  const tracked = variant ? variant.stock?.trackQuantity === true : product.stock?.trackInventory === true;
  const quantity = stock?.quantity;
  const left = tracked && typeof quantity === 'number' ? Math.max(0, quantity) : undefined;
  const available =
    (variant ? shown(variant) : !options) &&
    (variant ? inStock(variant) : product.stock?.inStock !== false) &&
    left !== 0;
  return {
    variant,
    price: variant?.variant?.priceData ?? product.priceData ?? product.price,
    sku: variant?.variant?.sku ?? product.sku,
    available,
    left,
    max: Math.max(1, Math.min(MAX_QUANTITY, left ?? MAX_QUANTITY)),
  };
}
