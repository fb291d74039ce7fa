/**
 * The language pack of Dutch (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded by
 * a page in Dutch as its badge mounts, and the way to the other Dutch packs, downloaded when first needed.
 */
export { default } from './member-badge/nl';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.nl');

/** The product elements' texts. */
export const products = () => import('./products.nl');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.nl');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.nl');
