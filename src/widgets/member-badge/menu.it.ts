import type { MenuStrings } from './menu.en';

/** Italian texts, loaded only by pages in Italian. */
const it: MenuStrings = {
  ACCOUNT_INFO: 'Il mio account',
  ORDERS: 'I miei ordini',
  SUBSCRIPTIONS: 'I miei abbonamenti',
  BOOKINGS: 'Le mie prenotazioni',
  EVENTS: 'I miei eventi',
  editSlug: 'Modifica l’URL del profilo',
  join: 'Unisciti alla community',
  leave: 'Lascia la community',
  joined: 'Ora fai parte della community.',
  left: 'Hai lasciato la community: il tuo profilo è privato.',
  signOut: 'Esci',
  deleteAccount: 'Elimina il mio account',
  slugLabel: 'Indirizzo del profilo',
  slugHelp:
    'Lettere minuscole (a–z), cifre e trattini, senza trattino all’inizio o alla fine; compare nel link del tuo profilo.',
  slugEmpty: 'Inserisci un indirizzo.',
  slugInvalid: '«{slug}» non rispetta queste regole.',
  slugTaken: '«{slug}» è l’indirizzo di un altro membro. Provane un altro.',
  save: 'Salva',
  saving: 'Salvataggio…',
  cancel: 'Annulla',
  slugSaved: 'L’indirizzo del tuo profilo ora è {slug}.',
  deleteTitle: 'Eliminare il tuo account?',
  deleteText:
    'Il tuo profilo e il tuo accesso a questo sito verranno rimossi definitivamente. Gli ordini già effettuati restano al negozio.',
  deleteConfirm: 'Elimina il mio account',
  deleting: 'Eliminazione…',
  networkError: 'Impossibile raggiungere il negozio. Controlla la connessione e riprova.',
  failed: 'Non ha funzionato: {message}',
  member: 'Membro',
};

export default it;
