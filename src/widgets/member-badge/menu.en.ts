/** The member menu's texts in English, the pack English pages load (`src/widgets/texts.ts`). */
const en = {
  ACCOUNT_INFO: 'My account',
  ORDERS: 'My orders',
  SUBSCRIPTIONS: 'My subscriptions',
  BOOKINGS: 'My bookings',
  EVENTS: 'My events',
  editSlug: 'Edit profile URL',
  join: 'Join the community',
  leave: 'Leave the community',
  joined: 'You are now part of the community.',
  left: 'You left the community: your profile is private.',
  signOut: 'Sign out',
  deleteAccount: 'Delete my account',
  slugLabel: 'Profile address',
  slugHelp:
    'Small letters (a–z), digits and hyphens, no hyphen first or last; it appears in your profile’s link.',
  slugEmpty: 'Enter an address.',
  slugInvalid: '“{slug}” does not follow these rules.',
  slugTaken: '“{slug}” is another member’s address. Try another one.',
  save: 'Save',
  saving: 'Saving…',
  cancel: 'Cancel',
  slugSaved: 'Your profile address is now {slug}.',
  deleteTitle: 'Delete your account?',
  deleteText:
    'Your profile and your sign-in on this site are removed for good. Orders already placed are kept by the shop.',
  deleteConfirm: 'Delete my account',
  deleting: 'Deleting…',
  networkError: 'The shop cannot be reached. Check your connection and try again.',
  failed: 'That did not work: {message}',
  member: 'Member',
};

export default en;

/** The menu's texts: the keys of the English ones, in any language. */
export type MenuStrings = Record<keyof typeof en, string>;
