import drawer from './cart-drawer/pt';
import login from './login-modal/pt';

/**
 * The widgets' texts in Portuguese (Brazilian Portuguese, which Portugal reads too): one chunk, loaded only
 * by pages in Portuguese, through their language pack (`lang.pt.ts`; checked against `WidgetTexts` there).
 */
const pt = { drawer, login };
export default pt;
