/**
 * The loader's own English texts: the badge shell's (other languages': `<lang>.ts`, also in the loader:
 * `shell-texts.ts`), and what a widget says when its code cannot be had.
 */
const en = {
  signIn: 'Sign in',
  loadingMember: 'Loading your account…',
  /** Said in a widget's place when its code cannot be downloaded (or does not match its hash). */
  cannotLoad: 'The shop could not be loaded.',
};

export default en;

/**
 * The badge shell's texts: the keys of the English ones, in any language (but `cannotLoad`, which other languages
 * have in their language pack, `../lang.<code>.ts`: it is said only after a download failed).
 */
export type BadgeStrings = Record<Exclude<keyof typeof en, 'cannotLoad'>, string>;
