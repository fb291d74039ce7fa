import type { BadgeStrings } from './index';

/** German texts, loaded only by pages in German. */
const de: Partial<BadgeStrings> = {
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
