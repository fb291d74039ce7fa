/**
 * The English texts of the badge's member part, in its chunk (`member.ts`; other languages': their own packs,
 * `member.<lang>.ts`).
 */
const en = {
  accountMenu: 'account menu',
  member: 'Member',
  sessionExpired: 'You were signed out. Sign in again to get back to your account and its cart.',
  signInFailed: 'Signing in did not work.',
  signInAgain: 'Sign in again',
  dismiss: 'Dismiss',
};

export default en;

/** The member part's texts: the keys of the English ones, in any language. */
export type MemberStrings = Record<keyof typeof en, string>;
