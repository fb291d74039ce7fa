/**
 * The language pack of Japanese (`LANGUAGE_PACKS` in `texts.ts`): the member badge shell's texts, downloaded
 * by a page in Japanese as its badge mounts, and the way to the other Japanese packs, downloaded when first
 * needed.
 */
export { default } from './member-badge/ja';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.ja');

/** The product elements' texts. */
export const products = () => import('./products.ja');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.ja');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.ja');
