/**
 * The language pack of Spanish (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded
 * by a page in Spanish as its badge mounts, and the way to the other Spanish packs, downloaded when first
 * needed.
 */
export { default } from './member-badge/es';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.es');

/** The product elements' texts. */
export const products = () => import('./products.es');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.es');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.es');
