import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in French, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in French.
 */
const fr: BadgeStrings = {
  signIn: 'Se connecter',
  loadingMember: 'Chargement de votre compte…',
};

export default fr;
