import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Dutch, in the language pack a page in Dutch downloads as its badge mounts
 * (`../lang.nl.ts`).
 */
const nl: BadgeStrings = {
  signIn: 'Inloggen',
  loadingMember: 'Je account wordt geladen…',
};

export default nl;
