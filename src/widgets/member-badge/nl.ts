import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Dutch, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in Dutch.
 */
const nl: BadgeStrings = {
  signIn: 'Inloggen',
  loadingMember: 'Je account wordt geladen…',
};

export default nl;
