import type { MenuStrings } from './menu.en';

/** Japanese texts, loaded only by pages in Japanese. */
const ja: MenuStrings = {
  ACCOUNT_INFO: 'マイアカウント',
  ORDERS: '注文履歴',
  SUBSCRIPTIONS: '定期購入',
  BOOKINGS: '予約',
  EVENTS: 'イベント',
  editSlug: 'プロフィールのURLを編集',
  join: 'コミュニティに参加',
  leave: 'コミュニティを退会',
  joined: 'コミュニティに参加しました。',
  left: 'コミュニティを退会しました。プロフィールは非公開です。',
  signOut: 'ログアウト',
  deleteAccount: 'アカウントを削除',
  slugLabel: 'プロフィールのアドレス',
  slugHelp:
    '半角英小文字（a–z）、数字、ハイフンを使えます（先頭と末尾にハイフンは使えません）。プロフィールのリンクに表示されます。',
  slugEmpty: 'アドレスを入力してください。',
  slugInvalid: '「{slug}」はこのルールに沿っていません。',
  slugTaken: '「{slug}」は他のメンバーが使用しています。別のアドレスをお試しください。',
  save: '保存',
  saving: '保存しています…',
  cancel: 'キャンセル',
  slugSaved: 'プロフィールのアドレスを{slug}に変更しました。',
  deleteTitle: 'アカウントを削除しますか？',
  deleteText:
    'このサイトのプロフィールとログイン情報は完全に削除されます。すでにご注文いただいた内容はショップに残ります。',
  deleteConfirm: 'アカウントを削除',
  deleting: '削除しています…',
  networkError: 'ショップに接続できません。接続を確認して、もう一度お試しください。',
  failed: 'うまくいきませんでした：{message}',
  member: 'メンバー',
};

export default ja;
