import type { MenuStrings } from './menu.en';

/** French texts, loaded only by pages in French. */
const fr: MenuStrings = {
  ACCOUNT_INFO: 'Mon compte',
  ORDERS: 'Mes commandes',
  SUBSCRIPTIONS: 'Mes abonnements',
  BOOKINGS: 'Mes réservations',
  EVENTS: 'Mes événements',
  editSlug: 'Modifier l’URL du profil',
  join: 'Rejoindre la communauté',
  leave: 'Quitter la communauté',
  joined: 'Vous faites maintenant partie de la communauté.',
  left: 'Vous avez quitté la communauté : votre profil est privé.',
  signOut: 'Se déconnecter',
  deleteAccount: 'Supprimer mon compte',
  slugLabel: 'Adresse du profil',
  slugHelp:
    'Lettres minuscules (a–z), chiffres et traits d’union, sans trait d’union au début ni à la fin ; elle figure dans le lien de votre profil.',
  slugEmpty: 'Saisissez une adresse.',
  slugInvalid: '« {slug} » ne respecte pas ces règles.',
  slugTaken: '« {slug} » est l’adresse d’un autre membre. Essayez-en une autre.',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  cancel: 'Annuler',
  slugSaved: 'L’adresse de votre profil est maintenant {slug}.',
  deleteTitle: 'Supprimer votre compte ?',
  deleteText:
    'Votre profil et votre connexion à ce site seront définitivement supprimés. Les commandes déjà passées sont conservées par la boutique.',
  deleteConfirm: 'Supprimer mon compte',
  deleting: 'Suppression…',
  networkError: 'Impossible de joindre la boutique. Vérifiez votre connexion et réessayez.',
  failed: 'Cela n’a pas fonctionné : {message}',
  member: 'Membre',
};

export default fr;
