import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Portuguese (Brazilian Portuguese, which Portugal reads too), in the language
 * pack a page in Portuguese downloads as its badge mounts (`../lang.pt.ts`).
 */
const pt: BadgeStrings = {
  signIn: 'Entrar',
  loadingMember: 'Carregando sua conta…',
};

export default pt;
