/**
 * The language pack of Italian (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded
 * by a page in Italian as its badge mounts, and the way to the other Italian packs, downloaded when first
 * needed.
 */
export { default } from './member-badge/it';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.it');

/** The product elements' texts. */
export const products = () => import('./products.it');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.it');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.it');
