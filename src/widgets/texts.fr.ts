import drawer from './cart-drawer/fr';
import login from './login-modal/fr';

/**
 * The widgets' texts in French: one chunk, loaded only by pages in French, through their language pack
 * (`lang.fr.ts`; checked against `WidgetTexts` there).
 */
const fr = { drawer, login };
export default fr;
