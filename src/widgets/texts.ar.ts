import drawer from './cart-drawer/ar';
import login from './login-modal/ar';

/**
 * The widgets' texts in Arabic: one chunk, loaded only by pages in Arabic, through their language pack
 * (`lang.ar.ts`; checked against `WidgetTexts` there).
 */
const ar = { drawer, login };
export default ar;
