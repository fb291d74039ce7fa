import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Arabic, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in Arabic.
 */
const ar: BadgeStrings = {
  signIn: 'تسجيل الدخول',
  loadingMember: 'جارٍ تحميل حسابك…',
};

export default ar;
