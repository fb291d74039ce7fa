import drawer from './cart-drawer/es';
import login from './login-modal/es';
import menu from './member-badge/menu.es';

/**
 * The widgets' texts in Spanish: one chunk, loaded only by pages in Spanish (checked
 * against `WidgetTexts` where `TEXT_PACKS` loads it).
 */
const es = { drawer, login, menu };
export default es;
