import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Italian, in the language pack a page in Italian downloads as its badge mounts
 * (`../lang.it.ts`).
 */
const it: BadgeStrings = {
  signIn: 'Accedi',
  loadingMember: 'Caricamento del tuo account…',
};

export default it;
