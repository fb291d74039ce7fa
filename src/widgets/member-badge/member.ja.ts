import type { MemberStrings } from './member.en';

/** The Japanese texts of the badge's member part, downloaded with it on a page in Japanese. */
const ja: MemberStrings = {
  accountMenu: 'アカウントメニュー',
  member: 'メンバー',
  sessionExpired: 'ログアウトされました。アカウントとカートに戻るには、もう一度ログインしてください。',
  signInFailed: 'ログインできませんでした。',
  signInAgain: 'もう一度ログイン',
  dismiss: '閉じる',
};

export default ja;
