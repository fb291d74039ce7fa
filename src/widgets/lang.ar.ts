/**
 * The language pack of Arabic (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded by
 * a page in Arabic as its badge mounts, and the way to the other Arabic packs, downloaded when first needed.
 */
export { default } from './member-badge/ar';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.ar');

/** The product elements' texts. */
export const products = () => import('./products.ar');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.ar');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.ar');
