import type { MemberStrings } from './member.en';

/** The Spanish texts of the badge's member part, downloaded with it on a page in Spanish. */
const es: MemberStrings = {
  accountMenu: 'menú de la cuenta',
  member: 'Miembro',
  sessionExpired: 'Se ha cerrado tu sesión. Vuelve a iniciar sesión para recuperar tu cuenta y su carrito.',
  signInFailed: 'No se ha podido iniciar sesión.',
  signInAgain: 'Volver a iniciar sesión',
  dismiss: 'Cerrar',
};

export default es;
