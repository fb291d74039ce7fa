import type { Media } from '../../api/types/common';
import { safeImageUrl as httpUrl } from '../../ui/format';

/** An image or a video as the page shows it: only http(s) addresses, with their sizes when known. */
export interface Shown {
  kind: 'image' | 'video';
  src: string;
  /** Widths the browser may choose from (`srcset`), for images the platform can scale. */
  srcset?: string;
  width?: number;
  height?: number;
  /** A video's still image. */
  poster?: string;
  alt: string;
}

const IMAGES = 'https://static.wixstatic.com/media/';
/** The widths offered in a `srcset`: a card, a card on a dense screen, the product page, and its zoom. */
const WIDTHS = [320, 480, 720, 960, 1440];

export const positive = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
};

/**
 * A platform media address (`wix:image://v1/<id>/<file>#originWidth=…&originHeight=…`, `wix:video://v1/<id>/
 * <file>#posterUri=…&posterWidth=…&posterHeight=…`), or undefined for anything else.
 */
export function parseMediaUri(uri: string | undefined) {
  const match = /^wix:(image|video):\/\/v1\/([^/#?]+)(?:\/([^#?]*))?(?:#(.*))?$/.exec(uri ?? '');
  if (!match) return undefined;
  const fragment = new URLSearchParams(match[4] ?? '');
  const image = match[1] === 'image';
  return {
    kind: image ? ('image' as const) : ('video' as const),
    id: match[2] as string,
    file: match[3] || (match[2] as string),
    width: positive(fragment.get(image ? 'originWidth' : 'posterWidth')),
    height: positive(fragment.get(image ? 'originHeight' : 'posterHeight')),
    poster: fragment.get('posterUri') ?? undefined,
  };
}

/**
 * A `srcset` for an image the platform's media server scales (`…/media/<id>/v1/fill/w_…,h_…/<file>`), at the
 * widths up to its own, each keeping its proportions.
 */
function scaledSet(id: string, file: string, width: number, height: number): string {
  const widths = [...WIDTHS.filter((w) => w < width), width];
  return widths
    .map((w) => {
      const h = Math.round((w * height) / width);
      return `${IMAGES}${encodeURIComponent(id)}/v1/fill/w_${w},h_${h},al_c,q_85/${encodeURIComponent(file)} ${w}w`;
    })
    .join(', ');
}

/** An image address (a platform URI, the platform's media URL or any http(s) URL) as the page shows it. */
export function image(url: string | undefined, width?: number, height?: number) {
  const uri = parseMediaUri(url);
  if (uri?.kind === 'image') {
    const w = uri.width ?? positive(width);
    const h = uri.height ?? positive(height);
    const src = `${IMAGES}${encodeURIComponent(uri.id)}`;
    return { src, width: w, height: h, ...(w && h ? { srcset: scaledSet(uri.id, uri.file, w, h) } : {}) };
  }
  const src = httpUrl(url);
  if (!src) return undefined;
  const w = positive(width);
  const h = positive(height);
  // The platform's media server scales its own images too.
  const own = src.startsWith(IMAGES) ? /^[^/?#]+$/.exec(src.slice(IMAGES.length))?.[0] : undefined;
  return { src, width: w, height: h, ...(own && w && h ? { srcset: scaledSet(own, own, w, h) } : {}) };
}

/** The still image a card shows: the first picture the page may show (a video's thumbnail will do). */
export function cardImage(media: Media | undefined): Shown | undefined {
  for (const item of [media?.mainMedia, ...(media?.items ?? [])]) {
    const shown =
      image(item?.image?.url, item?.image?.width, item?.image?.height) ??
      image(item?.thumbnail?.url, item?.thumbnail?.width, item?.thumbnail?.height);
    if (shown) return { kind: 'image', ...shown, alt: '' };
  }
  return undefined;
}
