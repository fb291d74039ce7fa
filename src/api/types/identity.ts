import type {
  AddressTag,
  EmailTag,
  FactorStatus,
  FactorType,
  IdentityPrivacyStatus,
  IdentityStatus,
  PhoneTag,
  ServerAuthState,
  StatusReason,
} from './enums';

export type CustomValue =
  | { strValue: string }
  | { numValue: number }
  | { dateValue: string }
  | { listValue: { value: CustomValue[] } }
  | { mapValue: { value: Record<string, CustomValue> } };

export interface IdentityAddress {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: { name?: string; number?: string; apt?: string };
  formattedAddress?: string;
  geocode?: { latitude?: number; longitude?: number };
}

export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  emails?: string[];
  phones?: string[];
  labels?: string[];
  language?: string;
  privacyStatus?: IdentityPrivacyStatus;
  customFields?: Array<{ name?: string; value?: CustomValue }>;
  secondaryEmails?: Array<{ email?: string; tag?: EmailTag }>;
  phonesV2?: Array<{ countryCode?: string; phone?: string; tag?: PhoneTag }>;
  addresses?: Array<{ address?: IdentityAddress; tag?: AddressTag }>;
  company?: string;
  position?: string;
  birthdate?: string;
  slug?: string;
  subscription?: boolean;
  vatId?: string;
}

export interface Identity {
  id?: string;
  revision?: string;
  createdDate?: string;
  updatedDate?: string;
  identityProfile?: IdentityProfile;
  email?: { address?: string; isVerified?: boolean };
  status?: { name?: IdentityStatus; reasons?: StatusReason[] };
  factors?: Array<{ factorId?: string; type?: FactorType; status?: FactorStatus }>;
  connections?: Array<{ idpConnection?: { idpConnectionId?: string; idpUserId?: string } }>;
}

/** The answer of login, register, verify and proceed (WIRE.md 7). */
export interface StateMachineResponse {
  state?: ServerAuthState | string;
  sessionToken?: string;
  stateToken?: string;
  identity?: Identity;
  additionalData?: Record<string, CustomValue>;
}

/** A captcha answer (WIRE.md 7): `{Recaptcha}` for the visible one, `{InvisibleRecaptcha}` for the invisible. */
export interface CaptchaToken {
  Recaptcha?: string;
  InvisibleRecaptcha?: string;
  NoCaptcha?: string;
}
