import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { FieldViolation } from '../src/api/types/errors';
import type { Identity, StateMachineResponse } from '../src/api/types/identity';
import type { Member } from '../src/api/types/members';
import { cartForWrite, ownerKey, touch } from './cart';
import type { SandboxContext } from './context';
import { emailKey, emailProblem } from './email';
import { applicationError, validationError } from './errors';
import { uniqueSlug } from './members';
import { hashPassword, newSalt, verifyPassword } from './passwords';
import type { IdentityRecord } from './state';

/** The captcha answer that passes when the `captcha` setting is on. */
export const SANDBOX_CAPTCHA_TOKEN = 'sandbox-captcha-ok';
/** The sandbox's identity provider for `login-with-token-params`. */
export const SANDBOX_IDP_ID = '0e6a50f5-b523-4e29-990d-f37fa2ffdd69';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 100;
export const SESSION_TTL_MS = 30 * 60_000;
export const CODE_TTL_MS = 15 * 60_000;
export const AUTH_CODE_TTL_MS = 60_000;
export const RECOVERY_TTL_MS = 60 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
/** Failed passwords allowed per email within the window before sign-in is refused for a while. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;

const token = () => randomBytes(24).toString('base64url');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The violation of an email under the one rule every way in applies (`emailProblem`), typed EMAIL as the
 * platform's are (a registration's EMAIL violation is the client's `invalidEmail`).
 */
export function loginEmailViolation(value: unknown, field = 'loginId.email'): FieldViolation | undefined {
  const problem = emailProblem(value);
  return problem && { field, ...problem, data: { type: 'EMAIL' } };
}

/** What every way in answers for a member the site owner blocked: the password sign-in's 403. */
export const memberBlocked = () =>
  applicationError(403, 'MEMBER_BLOCKED', 'This account is blocked: contact the site owner');

/**
 * The one rule for who may be signed in, whatever the way in (a password, a registration, server-side
 * sign-on, an identity provider's id_token, an emailed code, a reset link): a member that exists and is not
 * BLOCKED. Returns the member.
 */
export function memberWhoMaySignIn(ctx: SandboxContext, memberId: string): Member {
  const member = ctx.state.members.get(memberId);
  if (!member) throw applicationError(404, '-19999', 'No member has this email: check it, or register');
  if (member.status === 'BLOCKED') throw memberBlocked();
  return member;
}

/** The email of a login or register body: `{loginId: {email}}` (v2) or `{email}` (v1). */
export function emailOf(body: Record<string, unknown>): unknown {
  return isObject(body.loginId) ? body.loginId.email : body.email;
}

/** Checks the captcha when the platform asks for one (WIRE.md 7 codes -19971 and -19970). */
export function checkCaptcha(ctx: SandboxContext, captchaTokens: unknown): void {
  if (!ctx.settings.captcha) return;
  const tokens = Array.isArray(captchaTokens) ? captchaTokens.filter(isObject) : [];
  const values = tokens
    .flatMap((t) => [t.Recaptcha, t.InvisibleRecaptcha, t.NoCaptcha])
    .filter((v) => typeof v === 'string' && v);
  if (values.length === 0)
    throw applicationError(400, '-19971', 'A captcha token is required: complete the captcha and try again');
  if (!values.includes(SANDBOX_CAPTCHA_TOKEN))
    throw applicationError(400, '-19970', 'The captcha token is invalid or expired: try the captcha again');
}

export function passwordViolation(password: unknown, field = 'password'): FieldViolation | undefined {
  if (typeof password !== 'string' || password.length === 0) {
    return { field, description: 'is required', violatedRule: 'REQUIRED_FIELD', data: { type: 'PASSWORD' } };
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    return {
      field,
      description: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
      violatedRule: 'MIN_LENGTH',
      data: { type: 'PASSWORD', threshold: PASSWORD_MIN_LENGTH },
    };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return {
      field,
      description: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
      violatedRule: 'MAX_LENGTH',
      data: { type: 'PASSWORD', threshold: PASSWORD_MAX_LENGTH },
    };
  }
  return undefined;
}

/** The identity the platform answers with: the member's id, profile, email and status. */
export function identityOf(ctx: SandboxContext, memberId: string): Identity {
  const member = ctx.state.members.get(memberId);
  const record = [...ctx.state.identities.values()].find((i) => i.memberId === memberId);
  const status =
    member?.status === 'PENDING'
      ? { name: 'PENDING' as const, reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED' as const] }
      : member?.status === 'BLOCKED'
        ? { name: 'BLOCKED' as const, reasons: [] }
        : member?.status === 'OFFLINE'
          ? { name: 'OFFLINE' as const, reasons: [] }
          : record && !record.emailVerified && ctx.settings.requireEmailVerification
            ? { name: 'PENDING' as const, reasons: ['PENDING_EMAIL_VERIFICATION_REQUIRED' as const] }
            : { name: 'ACTIVE' as const, reasons: [] };
  return {
    id: memberId,
    ...(member?.createdDate ? { createdDate: member.createdDate } : {}),
    ...(member?.updatedDate ? { updatedDate: member.updatedDate } : {}),
    identityProfile: {
      ...(member?.contact?.firstName ? { firstName: member.contact.firstName } : {}),
      ...(member?.contact?.lastName ? { lastName: member.contact.lastName } : {}),
      ...(member?.profile?.nickname ? { nickname: member.profile.nickname } : {}),
      ...(member?.profile?.photo?.url ? { picture: member.profile.photo.url } : {}),
      emails: record ? [record.email] : [],
      privacyStatus:
        member?.privacyStatus === 'PUBLIC'
          ? 'PUBLIC'
          : member?.privacyStatus === 'PRIVATE'
            ? 'PRIVATE'
            : 'UNDEFINED',
      ...(member?.profile?.slug ? { slug: member.profile.slug } : {}),
    },
    email: { address: record?.email ?? member?.loginEmail ?? '', isVerified: record?.emailVerified ?? false },
    status,
  };
}

function newSession(ctx: SandboxContext, memberId: string): string {
  const sessionToken = `JWS.session.${token()}`;
  ctx.state.sessions.set(sessionToken, { memberId, expiresAt: ctx.now() + SESSION_TTL_MS });
  const member = ctx.state.members.get(memberId);
  if (member) member.lastLoginDate = new Date(ctx.now()).toISOString();
  return sessionToken;
}

/** Emails a fresh 6-digit code for a pending email verification. */
export function sendVerificationCode(ctx: SandboxContext, stateToken: string): void {
  const pending = ctx.state.pendingStates.get(stateToken);
  if (!pending) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  pending.code = code;
  pending.codeExpiresAt = ctx.now() + CODE_TTL_MS;
  pending.attempts = 0;
  const record = [...ctx.state.identities.values()].find((i) => i.memberId === pending.memberId);
  if (record) {
    ctx.mailbox.send({
      to: record.email,
      subject: `Your verification code for ${ctx.state.store.name}`,
      text: `Your verification code is ${code}. It expires in 15 minutes. If you did not ask for it, ignore this email.`,
      codes: [code],
    });
  }
}

/**
 * Where a member who proved who they are goes next: email verification if the site asks for it and the
 * email is not verified yet, owner approval while PENDING, else SUCCESS with a session token.
 */
export function nextState(ctx: SandboxContext, memberId: string): StateMachineResponse {
  // Every way in ends here: no state token, code or session for a member who may not sign in.
  const member = memberWhoMaySignIn(ctx, memberId);
  const record = [...ctx.state.identities.values()].find((i) => i.memberId === memberId);
  const identity = identityOf(ctx, memberId);
  if (record && !record.emailVerified && ctx.settings.requireEmailVerification) {
    const stateToken = `JWS.state.${token()}`;
    ctx.state.pendingStates.set(stateToken, { memberId, kind: 'email', attempts: 0 });
    sendVerificationCode(ctx, stateToken);
    return { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken, identity };
  }
  if (member.status === 'PENDING') {
    const stateToken = `JWS.state.${token()}`;
    ctx.state.pendingStates.set(stateToken, { memberId, kind: 'approval', attempts: 0 });
    return { state: 'REQUIRE_OWNER_APPROVAL', stateToken, identity };
  }
  return { state: 'SUCCESS', sessionToken: newSession(ctx, memberId), identity };
}

/**
 * Checks an email and password (WIRE.md 7): unknown email -19999 (404), wrong password -19976 (401), a
 * member without a password -19973, a blocked member 403, too many wrong passwords 429. Passwords are
 * compared as scrypt hashes and never logged.
 */
export function authenticate(ctx: SandboxContext, emailValue: unknown, password: unknown): IdentityRecord {
  const violations: FieldViolation[] = [];
  const emailViolation = loginEmailViolation(emailValue);
  if (emailViolation) violations.push(emailViolation);
  if (typeof password !== 'string' || !password) {
    violations.push({ field: 'password', description: 'is required', violatedRule: 'REQUIRED_FIELD' });
  }
  if (violations.length) throw validationError(violations);
  const email = emailKey(emailValue as string);
  const failures = (ctx.state.failedLogins.get(email) ?? []).filter(
    (t) => t > ctx.now() - FAILED_LOGIN_WINDOW_MS,
  );
  if (failures.length >= MAX_FAILED_LOGINS) {
    const minutes = Math.ceil(((failures[0] ?? ctx.now()) + FAILED_LOGIN_WINDOW_MS - ctx.now()) / 60_000);
    throw applicationError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many wrong passwords for this email: try again in ${minutes} minutes, or reset your password`,
    );
  }
  const record = ctx.state.identities.get(email);
  if (!record) throw applicationError(404, '-19999', 'No member has this email: check it, or register');
  if (!record.passwordHash) {
    throw applicationError(
      400,
      '-19973',
      'This account has no password yet: use "Forgot password" to set one',
    );
  }
  if (!verifyPassword(password as string, record.salt, record.passwordHash)) {
    failures.push(ctx.now());
    ctx.state.failedLogins.set(email, failures);
    throw applicationError(401, '-19976', 'Wrong email or password');
  }
  ctx.state.failedLogins.delete(email);
  memberWhoMaySignIn(ctx, record.memberId);
  return record;
}

/** Registers a member (WIRE.md 7): -19995 for a taken email, an EMAIL field violation for a bad one. */
export function register(ctx: SandboxContext, body: Record<string, unknown>): StateMachineResponse {
  const emailValue = emailOf(body);
  const violations: FieldViolation[] = [];
  const emailViolation = loginEmailViolation(emailValue);
  if (emailViolation) violations.push(emailViolation);
  const passwordProblem = passwordViolation(body.password);
  if (passwordProblem) violations.push(passwordProblem);
  const profile = isObject(body.profile) ? body.profile : {};
  for (const field of ['nickname', 'firstName', 'lastName']) {
    const value = profile[field];
    if (value !== undefined && (typeof value !== 'string' || value.length > 100)) {
      violations.push({
        field: `profile.${field}`,
        description: 'must be text of at most 100 characters',
        violatedRule: 'MAX_LENGTH',
      });
    }
  }
  if (violations.length) throw validationError(violations);
  checkCaptcha(ctx, body.captchaTokens);
  const email = emailKey(emailValue as string);
  if (
    ctx.state.identities.has(email) ||
    [...ctx.state.members.values()].some((m) => m.loginEmail?.toLowerCase() === email)
  ) {
    throw applicationError(
      409,
      '-19995',
      'An account with this email already exists: sign in, or reset your password',
    );
  }
  const localPart = email.split('@')[0] as string;
  const nickname =
    typeof profile.nickname === 'string' && profile.nickname.trim() ? profile.nickname.trim() : localPart;
  const member = addMember(ctx, email, nickname, false, {
    ...(typeof profile.firstName === 'string' ? { firstName: profile.firstName } : {}),
    ...(typeof profile.lastName === 'string' ? { lastName: profile.lastName } : {}),
  });
  const salt = newSalt();
  ctx.state.identities.set(email, {
    memberId: member.id as string,
    email,
    salt,
    passwordHash: hashPassword(body.password as string, salt),
    emailVerified: false,
  });
  return nextState(ctx, member.id as string);
}

/** Answers a pending email verification with its code. */
export function verify(ctx: SandboxContext, code: unknown, stateToken: unknown): StateMachineResponse {
  if (typeof stateToken !== 'string' || typeof code !== 'string') {
    throw validationError([
      ...(typeof code !== 'string'
        ? [{ field: 'code', description: 'is required', violatedRule: 'REQUIRED_FIELD' as const }]
        : []),
      ...(typeof stateToken !== 'string'
        ? [{ field: 'stateToken', description: 'is required', violatedRule: 'REQUIRED_FIELD' as const }]
        : []),
    ]);
  }
  const pending = ctx.state.pendingStates.get(stateToken);
  if (pending?.kind !== 'email')
    throw applicationError(400, 'INVALID_STATE_TOKEN', 'This sign-in has expired: sign in again');
  if (!pending.code || (pending.codeExpiresAt ?? 0) < ctx.now()) {
    throw applicationError(400, 'VERIFICATION_CODE_EXPIRED', 'The code has expired: send a new code');
  }
  if (code.trim() !== pending.code) {
    pending.attempts += 1;
    if (pending.attempts >= MAX_CODE_ATTEMPTS) {
      delete pending.code;
      throw applicationError(400, 'TOO_MANY_ATTEMPTS', 'Too many wrong codes: send a new code');
    }
    throw applicationError(
      400,
      'INVALID_VERIFICATION_CODE',
      'The code is not right: check the latest email and try again',
    );
  }
  // A right code signs the member in: a member blocked meanwhile is refused, and the code kept for later.
  memberWhoMaySignIn(ctx, pending.memberId);
  ctx.state.pendingStates.delete(stateToken);
  const record = [...ctx.state.identities.values()].find((i) => i.memberId === pending.memberId);
  if (record) record.emailVerified = true;
  const member = ctx.state.members.get(pending.memberId);
  if (member) member.loginEmailVerified = true;
  return nextState(ctx, pending.memberId);
}

export function resend(ctx: SandboxContext, stateToken: unknown): void {
  const pending = typeof stateToken === 'string' ? ctx.state.pendingStates.get(stateToken) : undefined;
  if (pending?.kind !== 'email')
    throw applicationError(400, 'INVALID_STATE_TOKEN', 'This sign-in has expired: sign in again');
  sendVerificationCode(ctx, stateToken as string);
}

/** Continues a pending sign-in: after the owner approved, SUCCESS. */
export function proceed(ctx: SandboxContext, stateToken: unknown): StateMachineResponse {
  const pending = typeof stateToken === 'string' ? ctx.state.pendingStates.get(stateToken) : undefined;
  if (!pending) throw applicationError(400, 'INVALID_STATE_TOKEN', 'This sign-in has expired: sign in again');
  if (pending.kind === 'email')
    return {
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: stateToken as string,
      identity: identityOf(ctx, pending.memberId),
    };
  const member = ctx.state.members.get(pending.memberId);
  if (member?.status === 'PENDING')
    return {
      state: 'REQUIRE_OWNER_APPROVAL',
      stateToken: stateToken as string,
      identity: identityOf(ctx, pending.memberId),
    };
  // A member blocked while waiting is refused, the sign-in kept as it was.
  memberWhoMaySignIn(ctx, pending.memberId);
  ctx.state.pendingStates.delete(stateToken as string);
  return nextState(ctx, pending.memberId);
}

/** A valid platform session, or undefined. */
export function sessionMember(ctx: SandboxContext, sessionToken: unknown): string | undefined {
  if (typeof sessionToken !== 'string') return undefined;
  const session = ctx.state.sessions.get(sessionToken);
  if (!session || session.expiresAt < ctx.now()) return undefined;
  const member = ctx.state.members.get(session.memberId);
  if (!member || member.status === 'BLOCKED' || member.status === 'PENDING') return undefined;
  return session.memberId;
}

/** A password-recovery or activation link, by email. */
export function sendRecoveryLink(
  ctx: SandboxContext,
  memberId: string,
  link: (recoveryToken: string) => string,
  kind: 'recovery' | 'activation',
): void {
  const record = [...ctx.state.identities.values()].find((i) => i.memberId === memberId);
  if (!record) return;
  const recoveryToken = token();
  ctx.state.recoveryTokens.set(recoveryToken, { memberId, expiresAt: ctx.now() + RECOVERY_TTL_MS });
  const url = link(recoveryToken);
  ctx.mailbox.send({
    to: record.email,
    subject:
      kind === 'recovery'
        ? `Reset your password for ${ctx.state.store.name}`
        : `Activate your account at ${ctx.state.store.name}`,
    text:
      kind === 'recovery'
        ? `Someone asked to reset the password of this account. To choose a new one, open ${url} within an hour. If it was not you, ignore this email.`
        : `Welcome! To activate your account and choose a password, open ${url} within an hour.`,
    links: [url],
  });
}

/** Sets a new password with a recovery token (single-use); signs the member in. */
export function recoverPassword(
  ctx: SandboxContext,
  recoveryToken: unknown,
  password: unknown,
): StateMachineResponse {
  const problem = passwordViolation(password);
  if (problem) throw validationError([problem]);
  const entry = typeof recoveryToken === 'string' ? ctx.state.recoveryTokens.get(recoveryToken) : undefined;
  if (!entry || entry.expiresAt < ctx.now()) {
    throw applicationError(
      400,
      'INVALID_RECOVERY_TOKEN',
      'This reset link has expired or was already used: ask for a new one',
    );
  }
  const record = [...ctx.state.identities.values()].find((i) => i.memberId === entry.memberId);
  if (!record) {
    ctx.state.recoveryTokens.delete(recoveryToken as string);
    throw applicationError(404, '-19999', 'The account of this link no longer exists');
  }
  // A reset link signs the member in: a blocked member is refused before the password changes.
  memberWhoMaySignIn(ctx, entry.memberId);
  ctx.state.recoveryTokens.delete(recoveryToken as string);
  setPassword(ctx, record, password as string);
  record.emailVerified = true;
  const member = ctx.state.members.get(entry.memberId);
  if (member) member.loginEmailVerified = true;
  ctx.state.failedLogins.delete(record.email);
  ctx.tokens.revoke({ memberId: entry.memberId });
  return nextState(ctx, entry.memberId);
}

export function setPassword(_ctx: SandboxContext, record: IdentityRecord, password: string): void {
  record.salt = newSalt();
  record.passwordHash = hashPassword(password, record.salt);
}

/**
 * A new member of the site (registration, or sign-on without a password): private, active, PENDING when
 * the owner approves new members, with a unique slug from the nickname or the email's local part.
 */
function addMember(
  ctx: SandboxContext,
  email: string,
  nickname: string,
  verified: boolean,
  names: { firstName?: string; lastName?: string } = {},
): Member {
  const now = new Date(ctx.now()).toISOString();
  const member: Member = {
    id: randomUUID(),
    loginEmail: email,
    loginEmailVerified: verified,
    status: ctx.settings.requireOwnerApproval ? 'PENDING' : 'APPROVED',
    contactId: randomUUID(),
    contact: { ...names, phones: [], emails: [email], addresses: [] },
    profile: { nickname, slug: uniqueSlug(ctx, [nickname, email.split('@')[0] as string]) },
    privacyStatus: 'PRIVATE',
    activityStatus: 'ACTIVE',
    createdDate: now,
    updatedDate: now,
  };
  ctx.state.members.set(member.id as string, member);
  return member;
}

/**
 * Finds the member of an email, or creates one without a password (server-side sign-on, SSO). The email
 * must pass the rule of every way in (`emailProblem`): callers check it first to name their own field, and
 * one that did not is refused here rather than given a lookalike member.
 */
export function findOrCreateMember(
  ctx: SandboxContext,
  email: string,
  profile: Record<string, unknown> = {},
): string {
  const violation = loginEmailViolation(email, 'email');
  if (violation) throw validationError([violation]);
  const lower = emailKey(email);
  const existing = ctx.state.identities.get(lower);
  if (existing) return existing.memberId;
  const localPart = lower.split('@')[0] as string;
  const nickname = typeof profile.nickname === 'string' && profile.nickname ? profile.nickname : localPart;
  const member = addMember(ctx, lower, nickname, true);
  ctx.state.identities.set(lower, {
    memberId: member.id as string,
    email: lower,
    salt: '',
    passwordHash: '',
    emailVerified: true,
  });
  return member.id as string;
}

/** An authorization code for a signed-in member (single-use, 60 seconds). */
export function issueAuthCode(
  ctx: SandboxContext,
  grant: {
    memberId: string;
    clientId: string;
    redirectUri?: string;
    codeChallenge: string;
    visitorId?: string;
    sessionToken?: string;
  },
): string {
  const code = `code.${token()}`;
  ctx.state.authCodes.set(code, { ...grant, expiresAt: ctx.now() + AUTH_CODE_TTL_MS });
  return code;
}

/**
 * Moves a visitor's cart into the member's on sign-in: the member's own cart takes the visitor's lines (the
 * same variant adds up), or the visitor's cart becomes the member's.
 */
export function mergeVisitorCart(ctx: SandboxContext, visitorId: string | undefined, memberId: string): void {
  if (!visitorId) return;
  const visitorKey = ownerKey({ kind: 'visitor', visitorId, clientId: '' });
  const visitorCart = ctx.state.carts.get(visitorKey);
  if (!visitorCart || (visitorCart.lines.length === 0 && visitorCart.customLines.length === 0)) return;
  const memberKey = ownerKey({ kind: 'member', memberId, visitorId, clientId: '' });
  ctx.state.carts.delete(visitorKey);
  const memberCart = ctx.state.carts.get(memberKey);
  if (!memberCart) {
    visitorCart.owner = memberKey;
    visitorCart.buyerInfo = { memberId };
    ctx.state.carts.set(memberKey, visitorCart);
    touch(ctx, visitorCart);
    return;
  }
  const target = cartForWrite(ctx, { kind: 'member', memberId, visitorId, clientId: '' });
  for (const line of visitorCart.lines) {
    const same = target.lines.find((l) => l.productId === line.productId && l.variantId === line.variantId);
    if (same) same.quantity += line.quantity;
    else target.lines.push(line);
  }
  target.customLines.push(...visitorCart.customLines);
  target.couponCode ??= visitorCart.couponCode;
  touch(ctx, target);
}
