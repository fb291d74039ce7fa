import type { BadgeStrings } from './en';

/** The badge's German texts (in the loader beside the English ones, as the badge shows at once). */
const de: BadgeStrings = {
  signIn: 'Anmelden',
  accountMenu: 'Kontomenü',
  loadingMember: 'Dein Konto wird geladen…',
  member: 'Mitglied',
  sessionExpired:
    'Du wurdest abgemeldet. Melde dich wieder an, um zu deinem Konto und seinem Warenkorb zu kommen.',
  signInFailed: 'Die Anmeldung hat nicht geklappt.',
  signInAgain: 'Erneut anmelden',
  dismiss: 'Schließen',
};

export default de;
