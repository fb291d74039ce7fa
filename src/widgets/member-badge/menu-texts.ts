import type { MenuStrings } from '../../i18n/en';
import { type Pack, packTexts } from '../texts';

/** The menu's texts in English; other languages' are found through their language pack. */
export const MENU_PACKS: { en: Pack<MenuStrings> } = { en: () => import('virtual:texts/menu.en') };

/**
 * The member menu's texts in a page's language: a pack of their own in every language, English included
 * (`menu.<lang>-*.js`), downloaded beside the menu's code, so that a page whose visitor only opens the cart
 * does not download them with the drawer's and the modal's (`texts.<lang>-*.js`).
 */
export const menuTexts = packTexts<MenuStrings>(MENU_PACKS, (pack) => pack.menu());
