import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Spanish, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in Spanish.
 */
const es: BadgeStrings = {
  signIn: 'Iniciar sesión',
  loadingMember: 'Cargando tu cuenta…',
};

export default es;
