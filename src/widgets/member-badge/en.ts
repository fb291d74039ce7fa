/** The badge's English texts (in the loader beside the German ones, as the badge shows at once). */
const en = {
  signIn: 'Sign in',
  accountMenu: 'account menu',
  loadingMember: 'Loading your account…',
  member: 'Member',
  sessionExpired: 'You were signed out. Sign in again to get back to your account and its cart.',
  signInFailed: 'Signing in did not work.',
  signInAgain: 'Sign in again',
  dismiss: 'Dismiss',
};

export default en;

/** The badge's texts: the keys of the English ones, in any language. */
export type BadgeStrings = Record<keyof typeof en, string>;
