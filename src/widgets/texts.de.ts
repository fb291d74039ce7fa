import drawer from './cart-drawer/de';
import login from './login-modal/de';

/**
 * The widgets' texts in German: one chunk, loaded only by pages in German, through their language pack
 * (`lang.de.ts`; checked against `WidgetTexts` there).
 */
const de = { drawer, login };
export default de;
