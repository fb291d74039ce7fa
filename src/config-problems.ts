import { type ConfigProblem, DEFAULT_API_BASE } from './config';

/*
 * What the console says of a script tag's attribute that cannot be used (`readEmbedConfig` finds them), in a
 * module of its own: the loader downloads it only for a tag that has one, so no other page carries these texts.
 */

/** What an attribute that is not one of a few words must be, and what is used instead. */
const EXPECTED: Record<string, [what: string, using: string]> = {
  'data-api-base': ['an http(s) URL', DEFAULT_API_BASE],
  'data-lang': ['a language tag', 'English'],
  '<html lang>': ['a language tag', 'English'],
  'data-currency': ['an ISO 4217 code such as USD', 'USD'],
};

/**
 * What is wrong with an attribute, and what is used instead: `"neon" is not light, dark or auto; using auto`
 * (the console line names the attribute before it).
 */
export function problemText({ attribute, given, allowed, fallback }: ConfigProblem): string {
  if (attribute === 'data-client-id')
    return 'is missing: add data-client-id="<your OAuth client id>" to the script tag';
  if (attribute === 'data-strings')
    return 'must be JSON such as {"checkout":"Pay now"}; using the built-in texts';
  // (Any other attribute `readEmbedConfig` reports is one of a few words, or in EXPECTED.)
  const [what, using] = allowed
    ? [`${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}`, fallback]
    : (EXPECTED[attribute] as [string, string]);
  return `"${given}" is not ${what}; using ${using}`;
}
