import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in German, in the language pack a page in German downloads as its badge mounts
 * (`../lang.de.ts`).
 */
const de: BadgeStrings = {
  signIn: 'Anmelden',
  loadingMember: 'Dein Konto wird geladen…',
};

export default de;
