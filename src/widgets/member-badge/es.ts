import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Spanish, in the language pack a page in Spanish downloads as its badge mounts
 * (`../lang.es.ts`).
 */
const es: BadgeStrings = {
  signIn: 'Iniciar sesión',
  loadingMember: 'Cargando tu cuenta…',
};

export default es;
