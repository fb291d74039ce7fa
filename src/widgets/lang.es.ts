/**
 * The language pack of Spanish (`LANGUAGE_PACKS` in `texts.ts`): the way to the Spanish packs, each downloaded
 * when first needed. (Its badge shell's texts are in the loader: `member-badge/shell-texts.ts`.)
 */
import { addIntegrity, builtTable } from '../integrity';

/** What a widget says when its code cannot be had (`cannotLoad` in `member-badge/en.ts`). */
export const cannotLoad = 'No se ha podido cargar la tienda.';

/** The views' texts (the cart drawer, the login modal). */
export const texts = () => import('./texts.es');

/** The product elements' texts. */
export const products = () => import('./products.es');

/** The texts of the badge's member part (a member's button and the notices). */
export const member = () => import('./member-badge/member.es');

/** The member menu's texts, downloaded with its code. */
export const menu = () => import('./member-badge/menu.es');

// Their hashes (named from the loader: this file needs no address of its own, which an app's bundler would write
// out), into the page's import map when its chunks are checked (src/integrity.ts).
addIntegrity(builtTable('"__sf_integrity_packs__"'));
