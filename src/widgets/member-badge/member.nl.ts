import type { MemberStrings } from './member.en';

/** The Dutch texts of the badge's member part, downloaded with it on a page in Dutch. */
const nl: MemberStrings = {
  accountMenu: 'accountmenu',
  member: 'Lid',
  sessionExpired: 'Je bent uitgelogd. Log opnieuw in om terug te gaan naar je account en je winkelwagen.',
  signInFailed: 'Inloggen is niet gelukt.',
  signInAgain: 'Opnieuw inloggen',
  dismiss: 'Sluiten',
};

export default nl;
