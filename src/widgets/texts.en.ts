import drawer from './cart-drawer/en';
import login from './login-modal/en';

/** The widgets' texts in English: one chunk, loaded by English pages and by any without a pack of their own. */
const en = { drawer, login };
export default en;
