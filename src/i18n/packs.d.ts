/**
 * The modules the build makes of the language files beside this one (build/texts.ts): each part of a language's
 * texts a module of its own, typed as English's (`en.ts`).
 */

/** A language pack (not English's): `LanguagePack` in src/widgets/texts.ts. */
declare module 'virtual:texts/lang.*' {
  type Texts = import('./en').Texts;
  export const cannotLoad: string;
  export const texts: () => Promise<{ default: Pick<Texts, 'drawer' | 'login'> }>;
  export const products: () => Promise<{ default: Texts['product'] }>;
  export const member: () => Promise<{ default: Texts['member'] }>;
  export const menu: () => Promise<{ default: Texts['menu'] }>;
}

/** The views' texts: the cart drawer's and the login modal's. */
declare module 'virtual:texts/texts.*' {
  const texts: Pick<import('./en').Texts, 'drawer' | 'login'>;
  export default texts;
}

/** The product elements' texts. */
declare module 'virtual:texts/products.*' {
  const texts: import('./en').Texts['product'];
  export default texts;
}

/** The badge's member part's texts. */
declare module 'virtual:texts/member.*' {
  const texts: import('./en').Texts['member'];
  export default texts;
}

/** The member menu's texts. */
declare module 'virtual:texts/menu.*' {
  const texts: import('./en').Texts['menu'];
  export default texts;
}

/** The loader's English: the badge shell's texts and what a widget says when its code cannot be had. */
declare module 'virtual:texts/badge.en' {
  const texts: import('./en').Texts['shell'] & { cannotLoad: string };
  export default texts;
}

/** Every other language's badge shell texts, by code, in the loader. */
declare module 'virtual:texts/shell' {
  const texts: Record<string, import('./en').Texts['shell']>;
  export default texts;
}
