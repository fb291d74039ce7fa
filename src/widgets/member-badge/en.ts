/** The badge's own English texts (in the loader beside the German ones, as the badge shows at once). */
const en = {
  signIn: 'Sign in',
  loadingMember: 'Loading your account…',
};

export default en;

/** The badge's texts: the keys of the English ones, in any language. */
export type BadgeStrings = Record<keyof typeof en, string>;
