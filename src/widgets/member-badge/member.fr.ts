import type { MemberStrings } from './member.en';

/** The French texts of the badge's member part, downloaded with it on a page in French. */
const fr: MemberStrings = {
  accountMenu: 'menu du compte',
  member: 'Membre',
  sessionExpired: 'Vous avez été déconnecté. Reconnectez-vous pour retrouver votre compte et son panier.',
  signInFailed: 'La connexion a échoué.',
  signInAgain: 'Se reconnecter',
  dismiss: 'Fermer',
};

export default fr;
