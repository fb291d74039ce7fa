import drawer from './cart-drawer/de';
import login from './login-modal/de';
import menu from './member-badge/menu.de';
import type { WidgetTexts } from './texts';

/** The widgets' texts in German: one chunk, loaded only by pages in German. */
const de: WidgetTexts = { drawer, login, menu };
export default de;
