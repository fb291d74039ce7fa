/**
 * The language pack of Portuguese (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts,
 * downloaded by a page in Portuguese as its badge mounts, and the way to the other Portuguese packs,
 * downloaded when first needed.
 */
export { default } from './member-badge/pt';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.pt');

/** The product elements' texts. */
export const products = () => import('./products.pt');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.pt');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.pt');
