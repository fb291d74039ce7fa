import drawer from './cart-drawer/es';
import login from './login-modal/es';

/**
 * The widgets' texts in Spanish: one chunk, loaded only by pages in Spanish, through their language pack
 * (`lang.es.ts`; checked against `WidgetTexts` there).
 */
const es = { drawer, login };
export default es;
