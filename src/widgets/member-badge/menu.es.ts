import type { MenuStrings } from './menu.en';

/** Spanish texts, loaded only by pages in Spanish. */
const es: MenuStrings = {
  ACCOUNT_INFO: 'Mi cuenta',
  ORDERS: 'Mis pedidos',
  SUBSCRIPTIONS: 'Mis suscripciones',
  BOOKINGS: 'Mis reservas',
  EVENTS: 'Mis eventos',
  editSlug: 'Editar la URL del perfil',
  join: 'Unirme a la comunidad',
  leave: 'Salir de la comunidad',
  joined: 'Ahora formas parte de la comunidad.',
  left: 'Has salido de la comunidad: tu perfil es privado.',
  signOut: 'Cerrar sesión',
  deleteAccount: 'Eliminar mi cuenta',
  slugLabel: 'Dirección del perfil',
  slugHelp:
    'Letras minúsculas (a–z), números y guiones, sin guion al principio ni al final; aparece en el enlace de tu perfil.',
  slugEmpty: 'Introduce una dirección.',
  slugInvalid: '«{slug}» no cumple estas reglas.',
  slugTaken: '«{slug}» es la dirección de otro miembro. Prueba con otra.',
  save: 'Guardar',
  saving: 'Guardando…',
  cancel: 'Cancelar',
  slugSaved: 'La dirección de tu perfil ahora es {slug}.',
  deleteTitle: '¿Eliminar tu cuenta?',
  deleteText:
    'Tu perfil y tu acceso a este sitio se eliminarán para siempre. La tienda conserva los pedidos ya realizados.',
  deleteConfirm: 'Eliminar mi cuenta',
  deleting: 'Eliminando…',
  networkError: 'No se puede conectar con la tienda. Comprueba tu conexión e inténtalo de nuevo.',
  failed: 'No ha funcionado: {message}',
  member: 'Miembro',
};

export default es;
