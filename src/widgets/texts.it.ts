import drawer from './cart-drawer/it';
import login from './login-modal/it';

/**
 * The widgets' texts in Italian: one chunk, loaded only by pages in Italian, through their language pack
 * (`lang.it.ts`; checked against `WidgetTexts` there).
 */
const it = { drawer, login };
export default it;
