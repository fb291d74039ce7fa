import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Portuguese (Brazilian Portuguese, which Portugal reads too), in the loader
 * with every language's (`shell-texts.ts`), so that the badge paints at once on a page in Portuguese.
 */
const pt: BadgeStrings = {
  signIn: 'Entrar',
  loadingMember: 'Carregando sua conta…',
};

export default pt;
