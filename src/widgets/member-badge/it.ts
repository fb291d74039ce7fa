import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Italian, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in Italian.
 */
const it: BadgeStrings = {
  signIn: 'Accedi',
  loadingMember: 'Caricamento del tuo account…',
};

export default it;
