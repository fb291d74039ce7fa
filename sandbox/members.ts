import { randomUUID } from 'node:crypto';
import type { FieldViolation } from '../src/api/types/errors';
import type {
  Contact,
  CustomField,
  Image,
  Member,
  MemberAddress,
  MemberFieldsetName,
  MemberSearch,
  MemberSorting,
  Profile,
} from '../src/api/types/members';
import type { Caller } from './auth';
import type { SandboxContext } from './context';
import { emailKey, emailProblem, isEmail } from './email';
import { applicationError, validationError } from './errors';
import { ownValue, setOwn } from './own';
import { type Filter, matchesFilter, offsetPage, sortItems, validateFilter, valueAt } from './query';

/** Member helpers of the members service: visibility, fieldsets, slugs, input validation, deletion. */

export const FIELDSETS: readonly MemberFieldsetName[] = ['PUBLIC', 'EXTENDED', 'FULL'];
const PRIVACY_STATUSES = ['UNKNOWN', 'PRIVATE', 'PUBLIC'] as const;
export const SEARCHABLE_FIELDS = [
  'loginEmail',
  'contact.firstName',
  'contact.lastName',
  'profile.title',
  'profile.nickname',
  'profile.slug',
] as const;
const MERCHANT_SEARCH_FIELDS = ['profile.nickname', 'contact.firstName', 'contact.lastName', 'loginEmail'];
const PUBLIC_SEARCH_FIELDS = ['profile.nickname'];

export const SLUG_MAX_LENGTH = 100;
export const NICKNAME_MAX_LENGTH = 100;
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const nowIso = (ctx: SandboxContext) => new Date(ctx.now()).toISOString();

export const memberNotFound = (id: string) =>
  applicationError(404, 'MEMBER_NOT_FOUND', `Member ${id} not found`, { memberId: id });

/** The stored member (by reference: callers answer with `projectMember`, which copies). */
export function findMember(ctx: SandboxContext, id: string): Member {
  const member = ctx.state.members.get(id);
  if (!member) throw memberNotFound(id);
  return member;
}

// ---------------------------------------------------------------- fieldsets and visibility

/**
 * Reads `fieldsets` (a list, or one value when a GET query string carried it once). Unknown names are a 400
 * INVALID_ENUM_VALUE. Returns undefined when none were asked.
 */
export function readFieldsets(value: unknown, field = 'fieldsets'): MemberFieldsetName[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const violations: FieldViolation[] = [];
  if (list.length > 3) {
    violations.push({ field, description: 'must list at most 3 fieldsets', violatedRule: 'MAX_SIZE' });
  }
  list.forEach((item, index) => {
    if (typeof item !== 'string' || !(FIELDSETS as readonly string[]).includes(item)) {
      violations.push({
        field: `${field}[${index}]`,
        description: `must be one of ${FIELDSETS.join(', ')}`,
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    }
  });
  if (violations.length) throw validationError(violations);
  return list.length ? (list as MemberFieldsetName[]) : undefined;
}

/** The widest of the asked fieldsets, or the default when none were asked. */
export function widestFieldset(
  asked: MemberFieldsetName[] | undefined,
  fallback: MemberFieldsetName,
): MemberFieldsetName {
  if (!asked?.length) return fallback;
  return asked.reduce((widest, set) => (FIELDSETS.indexOf(set) > FIELDSETS.indexOf(widest) ? set : widest));
}

const pick = <T extends object, K extends keyof T>(source: T | undefined, keys: readonly K[]): Pick<T, K> => {
  const out = {} as Pick<T, K>;
  if (!source) return out;
  for (const key of keys) if (source[key] !== undefined) out[key] = structuredClone(source[key]);
  return out;
};

/**
 * A deep copy of a member with the fields of a fieldset: PUBLIC (id, profile, privacy and activity status,
 * createdDate), EXTENDED (+ loginEmail, status, contactId, contact names, lastLoginDate, updatedDate),
 * FULL (everything).
 */
export function projectMember(member: Member, fieldset: MemberFieldsetName): Member {
  if (fieldset === 'FULL') return structuredClone(member);
  const out: Member = {
    ...pick(member, ['id'] as const),
    profile: pick(member.profile, ['nickname', 'slug', 'photo', 'cover', 'title'] as const),
    ...pick(member, ['privacyStatus', 'activityStatus', 'createdDate'] as const),
  };
  if (fieldset === 'EXTENDED') {
    Object.assign(
      out,
      pick(member, ['loginEmail', 'status', 'contactId'] as const),
      { contact: pick(member.contact, ['firstName', 'lastName'] as const) },
      pick(member, ['lastLoginDate', 'updatedDate'] as const),
    );
  }
  return out;
}

/** Whether a caller may see a member at all: the merchant sees everyone, others PUBLIC members and themselves. */
export function canSee(caller: Caller, member: Member): boolean {
  if (caller.kind === 'merchant') return true;
  if (caller.kind === 'member' && caller.memberId === member.id) return true;
  return member.privacyStatus === 'PUBLIC';
}

// ---------------------------------------------------------------- listing, querying, searching

/** Reads `sorting`: a list of `{fieldName, order}` (one object, from a flattened GET, is taken as a list). */
export function readSorting(value: unknown, field: string): MemberSorting[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const violations: FieldViolation[] = [];
  list.forEach((item, index) => {
    const at = `${field}[${index}]`;
    if (!isPlainObject(item)) {
      violations.push({
        field: at,
        description: 'must be an object {fieldName, order}',
        violatedRule: 'FORMAT',
      });
      return;
    }
    if (typeof item.fieldName !== 'string' || item.fieldName === '') {
      violations.push({
        field: `${at}.fieldName`,
        description: 'is required',
        violatedRule: 'REQUIRED_FIELD',
      });
    }
    if (item.order !== undefined && item.order !== null && item.order !== 'ASC' && item.order !== 'DESC') {
      violations.push({
        field: `${at}.order`,
        description: 'must be one of ASC, DESC',
        violatedRule: 'INVALID_ENUM_VALUE',
      });
    }
  });
  if (violations.length) throw validationError(violations);
  return list.map((item) => ({
    fieldName: item.fieldName as string,
    order: item.order === 'DESC' ? 'DESC' : 'ASC',
  }));
}

/** Reads `search: {expression, fields}`; undefined when absent. */
export function readSearch(value: unknown, field = 'search'): MemberSearch | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    throw validationError([
      { field, description: 'must be an object {expression, fields}', violatedRule: 'FORMAT' },
    ]);
  }
  const violations: FieldViolation[] = [];
  const { expression, fields } = value;
  if (expression !== undefined && expression !== null) {
    if (typeof expression !== 'string') {
      violations.push({
        field: `${field}.expression`,
        description: 'must be a string',
        violatedRule: 'FORMAT',
      });
    } else if (expression.length < 1) {
      violations.push({
        field: `${field}.expression`,
        description: 'must be at least 1 character long',
        violatedRule: 'MIN_LENGTH',
      });
    } else if (expression.length > 100) {
      violations.push({
        field: `${field}.expression`,
        description: 'must be at most 100 characters long',
        violatedRule: 'MAX_LENGTH',
      });
    }
  }
  if (fields !== undefined && fields !== null) {
    if (!Array.isArray(fields)) {
      violations.push({ field: `${field}.fields`, description: 'must be a list', violatedRule: 'FORMAT' });
    } else {
      if (fields.length > 4) {
        violations.push({
          field: `${field}.fields`,
          description: 'must list at most 4 fields',
          violatedRule: 'MAX_SIZE',
        });
      }
      fields.forEach((name, index) => {
        if (typeof name !== 'string' || !(SEARCHABLE_FIELDS as readonly string[]).includes(name)) {
          violations.push({
            field: `${field}.fields[${index}]`,
            description: `must be one of ${SEARCHABLE_FIELDS.join(', ')}`,
            violatedRule: 'INVALID_ENUM_VALUE',
          });
        }
      });
    }
  }
  if (violations.length) throw validationError(violations);
  return {
    ...(typeof expression === 'string' ? { expression } : {}),
    ...(Array.isArray(fields) && fields.length ? { fields: fields as string[] } : {}),
  };
}

function matchesSearch(member: Member, search: MemberSearch | undefined, defaultFields: string[]): boolean {
  const expression = search?.expression?.toLowerCase();
  if (!expression) return true;
  const fields = search?.fields?.length ? search.fields : defaultFields;
  return fields.some((name) => {
    const value = valueAt(member, name);
    return typeof value === 'string' && value.toLowerCase().includes(expression);
  });
}

export interface MemberSelection {
  filter?: Filter | null;
  search?: MemberSearch;
  sorting?: MemberSorting[];
}

/**
 * The members a caller may see that match a filter and a search, sorted. The merchant's filter, search and
 * sort read every field; anyone else's read only the PUBLIC view of PUBLIC members, so that no hidden field
 * can be probed through a filter.
 */
export function selectMembers(ctx: SandboxContext, caller: Caller, selection: MemberSelection): Member[] {
  const merchant = caller.kind === 'merchant';
  const pool = [...ctx.state.members.values()]
    .filter((member) => merchant || member.privacyStatus === 'PUBLIC')
    .map((member) => (merchant ? member : projectMember(member, 'PUBLIC')));
  const defaultFields = merchant ? MERCHANT_SEARCH_FIELDS : PUBLIC_SEARCH_FIELDS;
  const matching = pool.filter(
    (member) =>
      matchesFilter(member, selection.filter ?? undefined) &&
      matchesSearch(member, selection.search, defaultFields),
  );
  return sortItems(matching, selection.sorting);
}

/** One page of a selection in the caller's fieldset: `{members, metadata}`. */
export function memberPage(
  ctx: SandboxContext,
  caller: Caller,
  selection: MemberSelection,
  paging: { limit: number; offset: number },
  fieldsets: MemberFieldsetName[] | undefined,
) {
  const fieldset = caller.kind === 'merchant' ? widestFieldset(fieldsets, 'FULL') : 'PUBLIC';
  const { items, metadata } = offsetPage(selectMembers(ctx, caller, selection), paging);
  return { members: items.map((member) => projectMember(member, fieldset)), metadata };
}

/** Reads and checks the `filter` of a bulk-by-filter call (required). */
export function readBulkFilter(body: Record<string, unknown>): Filter {
  if (body.filter === undefined || body.filter === null) {
    throw validationError([{ field: 'filter', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  validateFilter(body.filter, 'filter');
  return body.filter as Filter;
}

// ---------------------------------------------------------------- slugs

/** The violation of a slug that breaks the slug rules, or null. */
export function slugViolation(value: unknown, field: string): FieldViolation | null {
  if (value === undefined || value === null) {
    return { field, description: 'is required', violatedRule: 'REQUIRED_FIELD' };
  }
  if (typeof value === 'string' && value.length > SLUG_MAX_LENGTH) {
    return {
      field,
      description: `must be at most ${SLUG_MAX_LENGTH} characters long`,
      violatedRule: 'MAX_LENGTH',
    };
  }
  if (typeof value !== 'string' || !SLUG_PATTERN.test(value)) {
    return {
      field,
      description:
        'must be 1 to 100 lower-case letters (a-z), digits and hyphens, not starting or ending with a hyphen',
      violatedRule: 'FORMAT',
    };
  }
  return null;
}

/** A 409 SLUG_ALREADY_EXISTS when another member has the slug. */
export function assertSlugFree(ctx: SandboxContext, slug: string, exceptMemberId?: string): void {
  for (const member of ctx.state.members.values()) {
    if (member.id !== exceptMemberId && member.profile?.slug === slug) {
      throw applicationError(
        409,
        'SLUG_ALREADY_EXISTS',
        `Slug "${slug}" is already taken by another member`,
        {
          slug,
        },
      );
    }
  }
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/g, '');
}

/** A free slug from the first candidate text that gives one: `jane`, then `jane-2`, `jane-3`, … */
export function uniqueSlug(ctx: SandboxContext, candidates: Array<string | undefined>): string {
  const base = candidates.map((text) => slugify(text ?? '')).find((slug) => slug !== '') ?? 'member';
  const taken = new Set<string>();
  for (const member of ctx.state.members.values()) if (member.profile?.slug) taken.add(member.profile.slug);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const slug = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/g, '')}${suffix}`;
    if (!taken.has(slug)) return slug;
  }
}

// ---------------------------------------------------------------- member input (create and update)

type Mode = 'create' | 'update';

/** Collects violations while reading a member body. */
class Reader {
  readonly violations: FieldViolation[] = [];

  add(field: string, description: string, violatedRule: FieldViolation['violatedRule']): void {
    this.violations.push({ field, description, violatedRule });
  }

  /** A string field: undefined when absent, '' when cleared, else the string. */
  string(
    source: Record<string, unknown>,
    key: string,
    field: string,
    maxLength?: number,
  ): string | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') {
      this.add(field, 'must be a string', 'FORMAT');
      return undefined;
    }
    if (maxLength !== undefined && value.length > maxLength) {
      this.add(field, `must be at most ${maxLength} characters long`, 'MAX_LENGTH');
      return undefined;
    }
    return value;
  }

  object(source: Record<string, unknown>, key: string, field: string): Record<string, unknown> | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (!isPlainObject(value)) {
      this.add(field, 'must be an object', 'FORMAT');
      return undefined;
    }
    return value;
  }

  list(source: Record<string, unknown>, key: string, field: string): unknown[] | undefined {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (!Array.isArray(value)) {
      this.add(field, 'must be a list', 'FORMAT');
      return undefined;
    }
    return value;
  }

  image(source: Record<string, unknown>, key: string, field: string): Image | undefined {
    const value = this.object(source, key, field);
    if (!value) return undefined;
    const image: Image = {};
    for (const name of ['id', 'url'] as const) {
      const text = this.string(value, name, `${field}.${name}`);
      if (text !== undefined) image[name] = text;
    }
    for (const name of ['width', 'height', 'offsetX', 'offsetY'] as const) {
      const number = value[name];
      if (number === undefined || number === null) continue;
      if (typeof number !== 'number' || !Number.isFinite(number)) {
        this.add(`${field}.${name}`, 'must be a number', 'FORMAT');
      } else image[name] = number;
    }
    if (image.url !== undefined && image.url !== '' && !/^(https?:\/\/|wix:image:\/\/)/i.test(image.url)) {
      this.add(`${field}.url`, 'must be an http(s) or wix:image:// address', 'FORMAT');
    }
    return image;
  }

  address(value: unknown, field: string): MemberAddress | undefined {
    if (!isPlainObject(value)) {
      this.add(field, 'must be an object', 'FORMAT');
      return undefined;
    }
    const address: MemberAddress = {};
    const limits: Record<string, number | undefined> = { addressLine: 200 };
    for (const name of [
      'addressLine',
      'addressLine2',
      'city',
      'subdivision',
      'country',
      'postalCode',
    ] as const) {
      const text = this.string(value, name, `${field}.${name}`, limits[name]);
      if (text !== undefined && text !== '') address[name] = text;
    }
    if (address.country !== undefined && !/^[A-Za-z]{2}$/.test(address.country)) {
      this.add(`${field}.country`, 'must be a 2-letter ISO 3166-1 alpha-2 country code', 'FORMAT');
    } else if (address.country !== undefined) address.country = address.country.toUpperCase();
    const street = this.object(value, 'streetAddress', `${field}.streetAddress`);
    if (street) {
      const number = this.string(street, 'number', `${field}.streetAddress.number`, 100);
      const name = this.string(street, 'name', `${field}.streetAddress.name`, 200);
      address.streetAddress = {
        ...(number !== undefined ? { number } : {}),
        ...(name !== undefined ? { name } : {}),
      };
      if (address.addressLine !== undefined) {
        this.add(
          `${field}.streetAddress`,
          'give either streetAddress or addressLine, not both',
          'ONE_OF_ALIGNMENT',
        );
      }
    }
    address.id = typeof value.id === 'string' && value.id !== '' ? value.id : randomUUID();
    return address;
  }
}

function setOrClear<T extends object, K extends keyof T>(
  target: T,
  key: K,
  value: T[K] | '' | undefined,
): void {
  if (value === undefined) return;
  if (value === '') delete target[key];
  else target[key] = value as T[K];
}

export interface MemberInput {
  /** The member after the change (a draft: not yet stored). */
  draft: Member;
  /** A slug the body asked for, to check for uniqueness before storing. */
  askedSlug?: string;
}

/**
 * Reads the `member` of a create or update body onto a draft copy of `base`. Read-only fields (id, status,
 * contactId, activityStatus, dates, loginEmailVerified) are ignored, as is `loginEmail` on update
 * (immutable). A string set to `''` clears the field; an empty phones/emails/addresses list leaves the
 * list as it is (the delete calls clear them). Violations are a 400 with every offence.
 */
export function readMemberInput(raw: unknown, base: Member, mode: Mode): MemberInput {
  const reader = new Reader();
  if (raw === undefined || raw === null) {
    throw validationError([{ field: 'member', description: 'is required', violatedRule: 'REQUIRED_FIELD' }]);
  }
  if (!isPlainObject(raw)) {
    throw validationError([{ field: 'member', description: 'must be an object', violatedRule: 'FORMAT' }]);
  }
  const draft = structuredClone(base);

  if (mode === 'create') {
    // The rule of every way in (sandbox/email.ts): a lookalike of a member's email is no new member.
    const problem = emailProblem(raw.loginEmail);
    if (problem) reader.add('member.loginEmail', problem.description, problem.violatedRule);
    else draft.loginEmail = emailKey(raw.loginEmail as string);
  }

  if (raw.privacyStatus !== undefined && raw.privacyStatus !== null) {
    if (!(PRIVACY_STATUSES as readonly unknown[]).includes(raw.privacyStatus)) {
      reader.add(
        'member.privacyStatus',
        `must be one of ${PRIVACY_STATUSES.join(', ')}`,
        'INVALID_ENUM_VALUE',
      );
    } else draft.privacyStatus = raw.privacyStatus as Member['privacyStatus'];
  }

  const askedSlug = readProfileInput(reader, raw, draft);
  readContactInput(reader, raw, draft, mode);

  if (reader.violations.length) throw validationError(reader.violations);
  return askedSlug === undefined ? { draft } : { draft, askedSlug };
}

/** `member.profile` onto the draft; returns the slug asked for, checked for its form but not yet for use. */
function readProfileInput(reader: Reader, raw: Record<string, unknown>, draft: Member): string | undefined {
  const profileIn = reader.object(raw, 'profile', 'member.profile');
  if (!profileIn) return undefined;
  let askedSlug: string | undefined;
  const profile: Profile = draft.profile ?? {};
  setOrClear(
    profile,
    'nickname',
    reader.string(profileIn, 'nickname', 'member.profile.nickname', NICKNAME_MAX_LENGTH),
  );
  setOrClear(profile, 'title', reader.string(profileIn, 'title', 'member.profile.title'));
  for (const key of ['photo', 'cover'] as const) {
    if (profileIn[key] === null) delete profile[key];
    const image = reader.image(profileIn, key, `member.profile.${key}`);
    if (image) profile[key] = image;
  }
  if (profileIn.slug !== undefined && profileIn.slug !== null) {
    const violation = slugViolation(profileIn.slug, 'member.profile.slug');
    if (violation) reader.violations.push(violation);
    else askedSlug = profileIn.slug as string;
  }
  draft.profile = profile;
  return askedSlug;
}

/** `member.contact` onto the draft: names, dates, the phones, emails and addresses, and custom fields. */
function readContactInput(reader: Reader, raw: Record<string, unknown>, draft: Member, mode: Mode): void {
  const contactIn = reader.object(raw, 'contact', 'member.contact');
  if (!contactIn) return;
  const contact: Contact = draft.contact ?? {};
  setOrClear(contact, 'firstName', reader.string(contactIn, 'firstName', 'member.contact.firstName'));
  setOrClear(contact, 'lastName', reader.string(contactIn, 'lastName', 'member.contact.lastName'));
  setOrClear(contact, 'company', reader.string(contactIn, 'company', 'member.contact.company', 100));
  setOrClear(contact, 'jobTitle', reader.string(contactIn, 'jobTitle', 'member.contact.jobTitle', 100));
  const birthdate = reader.string(contactIn, 'birthdate', 'member.contact.birthdate', 100);
  if (birthdate !== undefined && birthdate !== '' && !isIsoDate(birthdate)) {
    reader.add('member.contact.birthdate', 'must be a date formatted as YYYY-MM-DD', 'FORMAT');
  } else setOrClear(contact, 'birthdate', birthdate);
  readContactLists(reader, contactIn, contact);
  const customFields = reader.object(contactIn, 'customFields', 'member.contact.customFields');
  if (customFields)
    contact.customFields = mergeCustomFields(reader, contact.customFields, customFields, mode);
  draft.contact = contact;
}

/** Phones, emails and addresses: a list given replaces the member's; an empty one leaves it as it is. */
function readContactLists(reader: Reader, contactIn: Record<string, unknown>, contact: Contact): void {
  const phones = reader.list(contactIn, 'phones', 'member.contact.phones');
  if (phones?.length) {
    phones.forEach((phone, index) => {
      if (typeof phone !== 'string' || phone.trim() === '') {
        reader.add(`member.contact.phones[${index}]`, 'must be a non-empty string', 'FORMAT');
      }
    });
    contact.phones = phones as string[];
  }
  const emails = reader.list(contactIn, 'emails', 'member.contact.emails');
  if (emails?.length) {
    emails.forEach((email, index) => {
      if (typeof email !== 'string' || !isEmail(email)) {
        reader.add(`member.contact.emails[${index}]`, 'must be a valid email address', 'FORMAT');
      }
    });
    contact.emails = emails as string[];
  }
  const addresses = reader.list(contactIn, 'addresses', 'member.contact.addresses');
  if (addresses?.length) {
    contact.addresses = addresses
      .map((address, index) => reader.address(address, `member.contact.addresses[${index}]`))
      .filter((address): address is MemberAddress => address !== undefined);
  }
}

/**
 * The member's custom fields with the caller's changes: `null` removes a field, an object sets its value (and
 * its name, at creation only).
 */
function mergeCustomFields(
  reader: Reader,
  current: Contact['customFields'],
  customFields: Record<string, unknown>,
  mode: Mode,
): Record<string, CustomField> {
  // Keyed by the caller's field keys and sent back as a JSON object: own keys only, so a field named
  // `constructor` has no inherited name and one named `__proto__` is kept like any other.
  const merged: Record<string, CustomField> = { ...(current ?? {}) };
  for (const [key, field] of Object.entries(customFields)) {
    if (field === null) delete merged[key];
    else if (!isPlainObject(field)) {
      reader.add(`member.contact.customFields.${key}`, 'must be an object {name, value}', 'FORMAT');
    } else {
      const name = ownValue(merged, key)?.name;
      setOwn(merged, key, {
        ...(name !== undefined ? { name } : {}),
        ...(typeof field.name === 'string' && mode === 'create' ? { name: field.name } : {}),
        value: structuredClone(field.value),
      });
    }
  }
  return merged;
}

function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A 409 EMAIL_ALREADY_EXISTS when a member or an identity already has the email. */
export function assertEmailFree(ctx: SandboxContext, email: string): void {
  const lower = email.toLowerCase();
  const taken =
    ctx.state.identities.has(lower) ||
    [...ctx.state.members.values()].some((member) => member.loginEmail?.toLowerCase() === lower);
  if (taken) {
    throw applicationError(409, 'EMAIL_ALREADY_EXISTS', `A member with login email ${lower} already exists`, {
      loginEmail: lower,
    });
  }
}

// ---------------------------------------------------------------- lifecycle

/** Removes a member, its identity records and its tokens. */
export function removeMember(ctx: SandboxContext, id: string): void {
  ctx.state.members.delete(id);
  for (const [email, identity] of ctx.state.identities) {
    if (identity.memberId === id) ctx.state.identities.delete(email);
  }
  ctx.tokens.revoke({ memberId: id });
}
