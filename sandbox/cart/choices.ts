import type { Product, Variant } from '../../src/api/types/products';
import { ownValue } from '../own';

/**
 * The only place the cart reads a product's option choices: which variant a shopper's choices name, and
 * how a variant's choices are shown on a line (the choice's name, colour code and image). The catalogue's
 * meaning of a choice's `value` and `description` (WIRE.md 15) is decided here and nowhere else in the cart.
 */

/**
 * The variant whose choices are exactly the shopper's, option by option (`{"Color": "Blue"}`). Option names
 * are the merchant's text and the choices the shopper's JSON: own keys only on both sides.
 */
export function findVariantByChoices(product: Product, chosen: Record<string, unknown>): Variant | undefined {
  const optionNames = (product.productOptions ?? []).map((o) => o.name ?? '');
  return product.variants?.find((v) =>
    optionNames.every((option) => ownValue(v.choices, option) === ownValue(chosen, option)),
  );
}

export interface ShownChoice {
  /** The option's name, e.g. `Color`. */
  option: string;
  /** The choice as the shopper reads it, e.g. `Navy`. */
  label: string;
  /** A colour option (shown with `colorInfo`), and its colour code, e.g. `#1F2A44`. */
  isColor: boolean;
  colorCode?: string;
  /** The choice's own image, when it has one. */
  imageUrl?: string;
}

/** A variant's choices as a cart line shows them (description lines, and the line's image). */
export function describeVariantChoices(product: Product, variant: Variant): ShownChoice[] {
  return (product.productOptions ?? []).map((option) => {
    const name = option.name ?? '';
    const label = ownValue(variant.choices, name) ?? '';
    // Variants name a choice by its description (what shoppers see); a colour's code is the choice's value.
    const choice = option.choices?.find((c) => c.description === label);
    const imageUrl = choice?.media?.mainMedia?.image?.url;
    return {
      option: name,
      label,
      isColor: option.optionType === 'color',
      ...(option.optionType === 'color' && choice?.value ? { colorCode: choice.value } : {}),
      ...(imageUrl ? { imageUrl } : {}),
    };
  });
}

/** A variant as shoppers name it: the product and its choices (`Merino Wool Beanie, Mustard`). */
export const variantName = (product: Product, variant: Variant): string =>
  [product.name, ...describeVariantChoices(product, variant).map((c) => c.label)].filter(Boolean).join(', ');
