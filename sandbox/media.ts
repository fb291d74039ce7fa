/**
 * The sandbox's product and avatar images: small SVG illustrations drawn from a name, so the demo shop looks
 * like a shop without shipping binary files. Served at `/_sandbox/media/<name>.svg`.
 */

export interface Artwork {
  /** Text drawn on the image (the product's short name, or a member's initials). */
  label: string;
  /** Background colour. */
  background: string;
  /** Colour of the motif. */
  ink: string;
  motif:
    | 'tee'
    | 'shirt'
    | 'bag'
    | 'mug'
    | 'book'
    | 'hat'
    | 'socks'
    | 'candle'
    | 'bottle'
    | 'glasses'
    | 'pin'
    | 'plant'
    | 'wallet'
    | 'avatar'
    | 'banner';
}

const MOTIFS: Record<Artwork['motif'], string> = {
  tee: 'M140 90 l40 -20 h40 l40 20 l30 40 l-35 20 v110 h-110 v-110 l-35 -20 z',
  shirt: 'M145 85 l35 -15 l20 25 l20 -25 l35 15 l25 50 l-30 15 v105 h-100 v-105 l-30 -15 z',
  bag: 'M130 130 h140 l-10 140 h-120 z M170 130 v-25 a30 30 0 0 1 60 0 v25',
  mug: 'M140 110 h100 v130 a20 20 0 0 1 -20 20 h-60 a20 20 0 0 1 -20 -20 z M240 140 h20 a25 25 0 0 1 0 50 h-20',
  book: 'M130 90 h130 v180 h-130 a10 10 0 0 1 -10 -10 v-160 a10 10 0 0 1 10 -10 z',
  hat: 'M120 220 a80 90 0 0 1 160 0 z M110 220 h180 v25 h-180 z',
  socks: 'M160 80 h50 v110 l40 40 a25 25 0 0 1 -35 35 l-55 -55 z',
  candle: 'M155 140 h90 v120 h-90 z M200 95 q15 20 0 35 q-15 -15 0 -35',
  bottle: 'M180 80 h40 v30 l15 25 v135 a10 10 0 0 1 -10 10 h-50 a10 10 0 0 1 -10 -10 v-135 l15 -25 z',
  glasses:
    'M110 170 a35 35 0 1 0 70 0 a35 35 0 1 0 -70 0 M220 170 a35 35 0 1 0 70 0 a35 35 0 1 0 -70 0 M180 165 h40',
  pin: 'M200 90 l25 55 l60 5 l-45 40 l15 60 l-55 -30 l-55 30 l15 -60 l-45 -40 l60 -5 z',
  plant: 'M160 200 h80 l-10 70 h-60 z M200 200 q-50 -40 -30 -110 q40 40 30 110 q10 -70 50 -90 q10 70 -50 90',
  wallet:
    'M120 120 h160 a10 10 0 0 1 10 10 v110 a10 10 0 0 1 -10 10 h-160 a10 10 0 0 1 -10 -10 v-110 a10 10 0 0 1 10 -10 z M240 170 h50 v30 h-50 z',
  avatar: 'M200 150 a45 45 0 1 0 0.1 0 z M115 300 a85 80 0 0 1 170 0 z',
  banner: 'M60 120 h280 v160 h-280 z',
};

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A 400×400 SVG for an artwork. */
export function renderArtwork(art: Artwork): string {
  const label = escapeXml(art.label);
  const text =
    art.motif === 'avatar'
      ? `<text x="200" y="250" font-size="150" text-anchor="middle" fill="${art.background}" font-family="system-ui, sans-serif" font-weight="700" dy="0">${label}</text>`
      : `<text x="200" y="345" font-size="26" text-anchor="middle" fill="${art.ink}" font-family="system-ui, sans-serif" font-weight="600">${label}</text>`;
  // A member's photo fills its frame, as a real one does (the badge crops it round): the ink is its background.
  const motif =
    art.motif === 'avatar'
      ? ''
      : `<path d="${MOTIFS[art.motif]}" fill="${art.ink}" fill-opacity="0.85" stroke="${art.ink}" stroke-width="4" stroke-linejoin="round"/>`;
  const ground = art.motif === 'avatar' ? art.ink : art.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${label}"><rect width="400" height="400" fill="${ground}"/>${motif}${text}</svg>`;
}
