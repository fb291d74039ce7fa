import drawer from './cart-drawer/en';
import login from './login-modal/en';
import menu from './member-badge/menu.en';
import type { WidgetTexts } from './texts';

/** The widgets' texts in English: one chunk, loaded by English pages and by any without a pack of their own. */
const en: WidgetTexts = { drawer, login, menu };
export default en;
