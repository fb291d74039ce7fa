import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Arabic, in the language pack a page in Arabic downloads as its badge mounts
 * (`../lang.ar.ts`).
 */
const ar: BadgeStrings = {
  signIn: 'تسجيل الدخول',
  loadingMember: 'جارٍ تحميل حسابك…',
};

export default ar;
