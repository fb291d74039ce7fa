import drawer from './cart-drawer/nl';
import login from './login-modal/nl';

/**
 * The widgets' texts in Dutch: one chunk, loaded only by pages in Dutch, through their language pack
 * (`lang.nl.ts`; checked against `WidgetTexts` there).
 */
const nl = { drawer, login };
export default nl;
