import type { RuleType } from '../src/api/types/enums';

/** The longest email address the platform keeps (the length of an SMTP path, RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** What is wrong with an email address, as a field violation says it. */
export interface EmailProblem {
  violatedRule: Extract<RuleType, 'REQUIRED_FIELD' | 'FORMAT' | 'MAX_LENGTH'>;
  description: string;
}

/**
 * Characters no one can see or type into an address: controls, format characters (zero-width spaces and
 * joiners, bidirectional overrides, the soft hyphen, the byte order mark), private-use and lone surrogate
 * code units, and the letters that draw as nothing (Hangul fillers, the blank Braille pattern).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u115F\u1160\u2800\u3164\uFFA0]/u;
/** Spaces and line breaks, including the non-breaking and Unicode ones. */
const SPACE = /\s/;
/**
 * `local@domain.tld`, neither part holding `@` or what only a quoted address may hold (RFC 5322 specials:
 * `<>()[]\,;:"`): `<img src=x>@evil` is no address.
 */
const SHAPE = /^[^@<>()[\]\\,;:"]+@[^@<>()[\]\\,;:".]+(?:\.[^@<>()[\]\\,;:".]+)+$/;

const hex = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * The one rule for an email address that names a member, whatever the way in: registration, password
 * sign-in, the merchant's create-member call, server-side sign-on and every identity provider's id_token.
 * An address is refused, not tidied: `" jane@example.com"`, `"jane@example.com\n"` or one with a
 * zero-width space would otherwise sign in, or create, a lookalike of Jane beside the real one. Undefined
 * when the address is good; compare addresses by `emailKey`.
 */
export function emailProblem(value: unknown): EmailProblem | undefined {
  if (value === undefined || value === null || value === '') {
    return { violatedRule: 'REQUIRED_FIELD', description: 'is required' };
  }
  if (typeof value !== 'string') return { violatedRule: 'FORMAT', description: 'must be a string' };
  const invisible = INVISIBLE.exec(value)?.[0];
  if (invisible !== undefined) {
    return {
      violatedRule: 'FORMAT',
      description: `must not hold control or invisible characters (it holds ${hex(invisible)})`,
    };
  }
  if (value.trim() !== value) {
    return { violatedRule: 'FORMAT', description: 'must not begin or end with a space or a line break' };
  }
  if (SPACE.test(value)) return { violatedRule: 'FORMAT', description: 'must not hold spaces' };
  if (value.length > EMAIL_MAX_LENGTH) {
    return { violatedRule: 'MAX_LENGTH', description: `must be at most ${EMAIL_MAX_LENGTH} characters` };
  }
  if (!SHAPE.test(value)) return { violatedRule: 'FORMAT', description: 'must be a valid email address' };
  return undefined;
}

/** Whether an address passes `emailProblem`. */
export const isEmail = (value: unknown): value is string => emailProblem(value) === undefined;

/** The form an address is kept and compared in (identities, members' login emails): lower case. */
export const emailKey = (email: string) => email.toLowerCase();
