import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in German, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in German.
 */
const de: BadgeStrings = {
  signIn: 'Anmelden',
  loadingMember: 'Dein Konto wird geladen…',
};

export default de;
