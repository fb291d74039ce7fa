import { useEffect, useState } from 'react';
import type { EmbedConfig } from '../config';
import type { Strings } from '../widgets/cart-drawer/strings';
import type { LoginStrings } from '../widgets/login-modal/strings';
import { type ProductStrings, productStrings } from '../widgets/product/strings';
import { textsFor } from '../widgets/texts';

/** Loads a kind of texts for a language, with the site's overrides. */
export type TextsLoader<T> = (lang: string, strings?: Record<string, string>) => Promise<T>;

/** The cart drawer's texts (also the cart's and the session's problems'). */
export const drawerTexts: TextsLoader<Strings> = (lang, strings) => textsFor('drawer', lang, strings);
/** The login modal's texts (also the silent sign-in's problems'). */
export const loginTexts: TextsLoader<LoginStrings> = (lang, strings) => textsFor('login', lang, strings);
/** The product elements' texts (also the catalogue's problems'). */
export const productTexts: TextsLoader<ProductStrings> = productStrings;

/**
 * Texts in the provider's language (a language pack may be on its way: null until it is here), with its
 * overrides. Each language's pack downloads once for the page, whoever asks. `load` must be a module-level
 * function (it is an effect's dependency).
 */
export function useTexts<T>(
  context: { config: EmbedConfig } | null | undefined,
  load: (lang: string, strings?: Record<string, string>) => Promise<T>,
): T | null {
  const [texts, setTexts] = useState<T | null>(null);
  const lang = context?.config.lang;
  const strings = context?.config.strings;
  useEffect(() => {
    if (lang === undefined) return;
    let live = true;
    load(lang, strings).then(
      (t) => live && setTexts(() => t),
      (error: unknown) => console.error('[storefront] the texts could not be loaded:', error),
    );
    return () => {
      live = false;
    };
  }, [load, lang, strings]);
  return texts;
}
