import type { MenuStrings } from './menu.en';

/** German texts, loaded only by pages in German. */
const de: MenuStrings = {
  ACCOUNT_INFO: 'Mein Konto',
  ORDERS: 'Meine Bestellungen',
  SUBSCRIPTIONS: 'Meine Abos',
  BOOKINGS: 'Meine Buchungen',
  EVENTS: 'Meine Veranstaltungen',
  editSlug: 'Profil-URL ändern',
  join: 'Der Community beitreten',
  leave: 'Die Community verlassen',
  joined: 'Du bist jetzt Teil der Community.',
  left: 'Du hast die Community verlassen: dein Profil ist privat.',
  signOut: 'Abmelden',
  deleteAccount: 'Mein Konto löschen',
  slugLabel: 'Profiladresse',
  slugHelp:
    'Kleinbuchstaben (a–z), Ziffern und Bindestriche, nicht am Anfang oder Ende; Teil des Links zu deinem Profil.',
  slugEmpty: 'Gib eine Adresse ein.',
  slugInvalid: '„{slug}“ folgt diesen Regeln nicht.',
  slugTaken: '„{slug}“ ist die Adresse eines anderen Mitglieds. Versuche eine andere.',
  save: 'Speichern',
  saving: 'Wird gespeichert…',
  cancel: 'Abbrechen',
  slugSaved: 'Deine Profiladresse ist jetzt {slug}.',
  deleteTitle: 'Konto löschen?',
  deleteText:
    'Dein Profil und deine Anmeldung auf dieser Seite werden endgültig entfernt. Bestellungen behält der Shop.',
  deleteConfirm: 'Mein Konto löschen',
  deleting: 'Wird gelöscht…',
  networkError: 'Der Shop ist nicht erreichbar. Prüfe die Verbindung und versuche es erneut.',
  failed: 'Das hat nicht geklappt: {message}',
  member: 'Mitglied',
};

export default de;
