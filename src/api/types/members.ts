import type { PagingMetadata, StreetAddress } from './common';
import type { ActivityStatus, MemberStatus, PrivacyStatus } from './enums';

export interface MemberAddress {
  id?: string;
  streetAddress?: StreetAddress;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}

export interface CustomField {
  name?: string;
  value?: unknown;
}

export interface Contact {
  firstName?: string;
  lastName?: string;
  phones?: string[];
  emails?: string[];
  addresses?: MemberAddress[];
  birthdate?: string;
  company?: string;
  jobTitle?: string;
  customFields?: Record<string, CustomField>;
}

export interface Image {
  id?: string;
  url?: string;
  height?: number;
  width?: number;
  offsetX?: number;
  offsetY?: number;
}

export interface Profile {
  nickname?: string;
  slug?: string;
  photo?: Image;
  cover?: Image;
  title?: string;
}

export interface Member {
  id?: string;
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status?: MemberStatus;
  contactId?: string;
  contact?: Contact;
  profile?: Profile;
  privacyStatus?: PrivacyStatus;
  activityStatus?: ActivityStatus;
  createdDate?: string;
  updatedDate?: string;
  lastLoginDate?: string;
}

export interface QueryMembersResponse {
  members: Member[];
  metadata?: PagingMetadata;
}
