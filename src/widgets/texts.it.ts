import drawer from './cart-drawer/it';
import login from './login-modal/it';
import menu from './member-badge/menu.it';

/**
 * The widgets' texts in Italian: one chunk, loaded only by pages in Italian (checked
 * against `WidgetTexts` where `TEXT_PACKS` loads it).
 */
const it = { drawer, login, menu };
export default it;
