import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Japanese, in the loader with every language's (`shell-texts.ts`), so that
 * the badge paints at once on a page in Japanese.
 */
const ja: BadgeStrings = {
  signIn: 'ログイン',
  loadingMember: 'アカウントを読み込んでいます…',
};

export default ja;
