import type { MemberStrings } from './member.en';

/** The Italian texts of the badge's member part, downloaded with it on a page in Italian. */
const it: MemberStrings = {
  accountMenu: 'menu dell’account',
  member: 'Membro',
  sessionExpired: 'Sei stato disconnesso. Accedi di nuovo per tornare al tuo account e al suo carrello.',
  signInFailed: 'Accesso non riuscito.',
  signInAgain: 'Accedi di nuovo',
  dismiss: 'Chiudi',
};

export default it;
