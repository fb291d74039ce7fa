import { type LanguagePacks, loadTexts } from '../../ui/i18n';

const en = {
  close: 'Close',
  signInTitle: 'Sign in',
  registerTitle: 'Create an account',
  verifyTitle: 'Check your email',
  approvalTitle: 'Almost there',
  forgotTitle: 'Reset your password',
  forgotSentTitle: 'Check your email',
  resetTitle: 'Choose a new password',
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  nickname: 'Name shown to others',
  code: 'Verification code',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  register: 'Create account',
  registering: 'Creating your account…',
  verify: 'Verify',
  verifying: 'Checking the code…',
  resend: 'Send a new code',
  resent: 'A new code is on its way to {email}.',
  verifyIntro: 'We sent a 6-digit code to {email}. Enter it to finish signing in.',
  approvalText:
    'Your account is waiting for the site owner’s approval. You can sign in as soon as it is approved.',
  forgot: 'Forgot password?',
  forgotIntro: 'Enter your account’s email and we will send you a link to choose a new password.',
  sendLink: 'Send the link',
  sending: 'Sending…',
  forgotSent: 'If {email} has an account here, a link to reset its password is on its way.',
  resetIntro: 'Choose a new password for your account.',
  savePassword: 'Save and sign in',
  saving: 'Saving…',
  noAccount: 'New here?',
  createAccount: 'Create an account',
  haveAccount: 'Already have an account?',
  backToSignIn: 'Back to sign in',
  newLink: 'Ask for a new link',
  hosted: 'Use the hosted login page',
  done: 'Done',
  required: 'This field is required.',
  emailInvalid: 'Enter an email address such as name@example.com.',
  codeInvalid: 'Enter the 6-digit code from the email.',
  invalidPasswordHint: 'Try again, or reset your password.',
  resetPasswordHint: 'This account needs a new password.',
  emailAlreadyExistsHint: 'Sign in instead, or reset the password.',
  captchaHint: 'The security check did not pass. Try again.',
  networkError: 'The shop cannot be reached. Check your connection and try again.',
  silentFailed: 'Signing in did not finish. Try again, or use the hosted login page.',
  hostedFailed: 'The login page could not be opened. Try again.',
};

export type LoginStrings = typeof en;

const PACKS: LanguagePacks<LoginStrings> = { de: () => import('./de') };

/** The login modal's texts in the page's language, with the site's overrides. */
export const loginStrings = (
  lang: string,
  overrides: Partial<Record<string, string>> = {},
): Promise<LoginStrings> => loadTexts(en, PACKS, lang, overrides);
