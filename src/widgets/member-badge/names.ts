import type { Member } from '../../api/types/members';

/** Up to two initials of a name, for a member without a photo. */
export function initialsOf(name: string): string {
  // (Splitting at whitespace leaves empty strings only at the ends.)
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((w) => [...(w ?? '')][0] ?? '')
    .join('')
    .toUpperCase();
}

/** The name the badge and its menu show: the nickname, else the first name, else `fallback`. */
export const nameOf = (member: Member | null, fallback: string) =>
  member?.profile?.nickname?.trim() || member?.contact?.firstName?.trim() || fallback;
