import drawer from './cart-drawer/ar';
import login from './login-modal/ar';
import menu from './member-badge/menu.ar';

/**
 * The widgets' texts in Arabic: one chunk, loaded only by pages in Arabic, through their language pack
 * (`lang.ar.ts`; checked against `WidgetTexts` there).
 */
const ar = { drawer, login, menu };
export default ar;
