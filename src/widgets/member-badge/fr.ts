import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in French, in the language pack a page in French downloads as its badge mounts
 * (`../lang.fr.ts`).
 */
const fr: BadgeStrings = {
  signIn: 'Se connecter',
  loadingMember: 'Chargement de votre compte…',
};

export default fr;
