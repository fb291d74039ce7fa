import type { MenuStrings } from './menu.en';

/** Dutch texts, loaded only by pages in Dutch. */
const nl: MenuStrings = {
  ACCOUNT_INFO: 'Mijn account',
  ORDERS: 'Mijn bestellingen',
  SUBSCRIPTIONS: 'Mijn abonnementen',
  BOOKINGS: 'Mijn boekingen',
  EVENTS: 'Mijn evenementen',
  editSlug: 'Profiel-URL wijzigen',
  join: 'Lid worden van de community',
  leave: 'De community verlaten',
  joined: 'Je maakt nu deel uit van de community.',
  left: 'Je hebt de community verlaten: je profiel is privé.',
  signOut: 'Uitloggen',
  deleteAccount: 'Mijn account verwijderen',
  slugLabel: 'Profieladres',
  slugHelp:
    'Kleine letters (a–z), cijfers en koppeltekens, geen koppelteken aan het begin of eind; het staat in de link naar je profiel.',
  slugEmpty: 'Voer een adres in.',
  slugInvalid: '‘{slug}’ voldoet niet aan deze regels.',
  slugTaken: '‘{slug}’ is het adres van een ander lid. Probeer een ander adres.',
  save: 'Opslaan',
  saving: 'Opslaan…',
  cancel: 'Annuleren',
  slugSaved: 'Je profieladres is nu {slug}.',
  deleteTitle: 'Je account verwijderen?',
  deleteText:
    'Je profiel en je login op deze site worden definitief verwijderd. Bestellingen die al zijn geplaatst, bewaart de winkel.',
  deleteConfirm: 'Mijn account verwijderen',
  deleting: 'Verwijderen…',
  networkError: 'De winkel is niet bereikbaar. Controleer je verbinding en probeer het opnieuw.',
  failed: 'Dat is niet gelukt: {message}',
  member: 'Lid',
};

export default nl;
