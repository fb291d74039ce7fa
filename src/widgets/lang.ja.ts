/**
 * The language pack of Japanese (`LANGUAGE_PACKS` in `texts.ts`): the way to the Japanese packs, each downloaded
 * when first needed. (Its badge shell's texts are in the loader: `member-badge/shell-texts.ts`.)
 */
import { addIntegrity, builtTable } from '../integrity';

/** What a widget says when its code cannot be had (`cannotLoad` in `member-badge/en.ts`). */
export const cannotLoad = 'ショップを読み込めませんでした。';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.ja');

/** The product elements' texts. */
export const products = () => import('./products.ja');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.ja');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.ja');

// Their hashes (named from the loader: this file needs no address of its own, which an app's bundler would write
// out), into the page's import map when its chunks are checked (src/integrity.ts).
addIntegrity(builtTable('"__sf_integrity_packs__"'));
