import { createHash } from 'node:crypto';

/** A stable UUID-shaped id derived from a name, so the seed gives the same ids on every start. */
export function stableId(name: string): string {
  const hex = createHash('sha1').update(`sandbox:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
