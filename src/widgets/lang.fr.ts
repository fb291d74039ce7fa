/**
 * The language pack of French (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded by
 * a page in French as its badge mounts, and the way to the other French packs, downloaded when first needed.
 */
export { default } from './member-badge/fr';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.fr');

/** The product elements' texts. */
export const products = () => import('./products.fr');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.fr');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.fr');
