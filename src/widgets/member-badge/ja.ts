import type { BadgeStrings } from './en';

/**
 * The badge shell's texts in Japanese, in the language pack a page in Japanese downloads as its badge mounts
 * (`../lang.ja.ts`).
 */
const ja: BadgeStrings = {
  signIn: 'ログイン',
  loadingMember: 'アカウントを読み込んでいます…',
};

export default ja;
