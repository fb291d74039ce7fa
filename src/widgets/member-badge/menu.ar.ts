import type { MenuStrings } from './menu.en';

/** Arabic texts, loaded only by pages in Arabic. */
const ar: MenuStrings = {
  ACCOUNT_INFO: 'حسابي',
  ORDERS: 'طلباتي',
  SUBSCRIPTIONS: 'اشتراكاتي',
  BOOKINGS: 'حجوزاتي',
  EVENTS: 'فعالياتي',
  editSlug: 'تعديل رابط الملف الشخصي',
  join: 'الانضمام إلى المجتمع',
  leave: 'مغادرة المجتمع',
  joined: 'أصبحت الآن جزءًا من المجتمع.',
  left: 'غادرت المجتمع: ملفك الشخصي خاص الآن.',
  signOut: 'تسجيل الخروج',
  deleteAccount: 'حذف حسابي',
  slugLabel: 'عنوان الملف الشخصي',
  slugHelp:
    'أحرف لاتينية صغيرة (a–z) وأرقام وشرطات، دون شرطة في البداية أو النهاية؛ ويظهر في رابط ملفك الشخصي.',
  slugEmpty: 'أدخل عنوانًا.',
  slugInvalid: '«{slug}» لا يتّبع هذه القواعد.',
  slugTaken: '«{slug}» هو عنوان عضو آخر. جرّب عنوانًا آخر.',
  save: 'حفظ',
  saving: 'جارٍ الحفظ…',
  cancel: 'إلغاء',
  slugSaved: 'أصبح عنوان ملفك الشخصي {slug}.',
  deleteTitle: 'هل تريد حذف حسابك؟',
  deleteText:
    'ستتم إزالة ملفك الشخصي وبيانات تسجيل دخولك إلى هذا الموقع نهائيًا. ويحتفظ المتجر بالطلبات التي سبق تقديمها.',
  deleteConfirm: 'حذف حسابي',
  deleting: 'جارٍ الحذف…',
  networkError: 'تعذّر الوصول إلى المتجر. تحقّق من اتصالك وحاول مرة أخرى.',
  failed: 'لم ينجح ذلك: {message}',
  member: 'عضو',
};

export default ar;
