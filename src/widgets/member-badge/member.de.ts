import type { MemberStrings } from './member.en';

/** The German texts of the badge's member part, downloaded with it on a page in German. */
const de: MemberStrings = {
  accountMenu: 'Kontomenü',
  member: 'Mitglied',
  sessionExpired:
    'Du wurdest abgemeldet. Melde dich wieder an, um zu deinem Konto und seinem Warenkorb zu kommen.',
  signInFailed: 'Die Anmeldung hat nicht geklappt.',
  signInAgain: 'Erneut anmelden',
  dismiss: 'Schließen',
};

export default de;
