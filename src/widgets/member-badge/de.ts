import type { BadgeStrings } from './en';

/** The badge's own German texts (in the loader beside the English ones, as the badge shows at once). */
const de: BadgeStrings = {
  signIn: 'Anmelden',
  loadingMember: 'Dein Konto wird geladen…',
};

export default de;
