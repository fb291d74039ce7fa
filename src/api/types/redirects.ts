import type { LoginPrompt, MembersAccountSection } from './enums';

/** The OAuth request inside an `auth` redirect session (WIRE.md 8). */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri?: string;
  responseType: 'code';
  responseMode: 'fragment' | 'query' | 'web_message';
  scope: string;
  state: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  sessionToken?: string;
  nonce?: string;
  prompt?: LoginPrompt;
}

export interface CallbackParams {
  postFlowUrl?: string;
  thankYouPageUrl?: string;
  cartPageUrl?: string;
  loginUrl?: string;
  bookingsServiceListUrl?: string;
  planListUrl?: string;
}

export interface RedirectSessionPreferences {
  useGenericWixPages?: boolean;
  maintainIdentity?: boolean;
  additionalQueryParameters?: Record<string, string>;
  checkIfPublish?: boolean;
}

/** Exactly one intent, plus optional callbacks and preferences (SPEC.md 3, WIRE.md 8). */
export interface CreateRedirectSessionRequest {
  bookingsCheckout?: { timezone?: string; slotAvailability?: Record<string, unknown> };
  ecomCheckout?: { checkoutId: string };
  eventsCheckout?: { reservationId: string; eventSlug: string };
  paidPlansCheckout?: { planId: string; checkoutData?: string };
  login?: Record<string, never>;
  logout?: { clientId: string };
  auth?: { authRequest: AuthorizeRequest; prompt?: 'login' | 'none' };
  storesProduct?: { productSlug: string };
  bookingsBook?: { resourceId: string };
  ecomOrderPaymentRequest?: { paymentRequestId: string };
  /** The members-area section to open (ACCOUNT_INFO, ORDERS, …). */
  membersAccount?: { section: MembersAccountSection };
  callbacks?: CallbackParams;
  preferences?: RedirectSessionPreferences;
  origin?: string;
}

export interface RedirectSession {
  id?: string;
  fullUrl: string;
  urlDetails?: { endpoint?: string; searchParams?: Record<string, string> };
  sessionToken?: string;
  shortUrl?: string;
}

export interface CreateRedirectSessionResponse {
  redirectSession: RedirectSession;
}

/** The intents a redirect session can have. */
export const REDIRECT_INTENTS = [
  'bookingsCheckout',
  'ecomCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'login',
  'logout',
  'auth',
  'storesProduct',
  'bookingsBook',
  'ecomOrderPaymentRequest',
  'membersAccount',
] as const;
