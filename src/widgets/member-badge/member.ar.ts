import type { MemberStrings } from './member.en';

/** The Arabic texts of the badge's member part, downloaded with it on a page in Arabic. */
const ar: MemberStrings = {
  accountMenu: 'قائمة الحساب',
  member: 'عضو',
  sessionExpired: 'تم تسجيل خروجك. سجّل الدخول مرة أخرى للعودة إلى حسابك وسلة التسوق الخاصة به.',
  signInFailed: 'تعذّر تسجيل الدخول.',
  signInAgain: 'تسجيل الدخول مجددًا',
  dismiss: 'إغلاق',
};

export default ar;
