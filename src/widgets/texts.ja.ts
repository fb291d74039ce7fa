import drawer from './cart-drawer/ja';
import login from './login-modal/ja';

/**
 * The widgets' texts in Japanese: one chunk, loaded only by pages in Japanese, through their language pack
 * (`lang.ja.ts`; checked against `WidgetTexts` there).
 */
const ja = { drawer, login };
export default ja;
