/** The badge shell's English texts, in the loader (other languages': `<lang>.ts`, in their language pack). */
const en = {
  signIn: 'Sign in',
  loadingMember: 'Loading your account…',
};

export default en;

/** The badge's texts: the keys of the English ones, in any language. */
export type BadgeStrings = Record<keyof typeof en, string>;
