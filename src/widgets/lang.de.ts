/**
 * The language pack of German (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded by
 * a page in German as its badge mounts, and the way to the other German packs, downloaded when first needed.
 */
export { default } from './member-badge/de';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.de');

/** The product elements' texts. */
export const products = () => import('./products.de');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.de');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.de');
