/** A product page's pictures and videos (only the product page shows videos: a chunk a card never loads). */
import type { Media, MediaItem } from '../../api/types/common';
import { safeImageUrl as httpUrl } from '../../ui/format';
import { image, parseMediaUri, positive, type Shown } from './media';

const VIDEOS = 'https://video.wixstatic.com/video/';

/** One of a product's media items as the page shows it; undefined when it has no address the page may use. */
export function shownItem(item: MediaItem | undefined, alt: string): Shown | undefined {
  if (!item) return undefined;
  const label = item.image?.altText || item.title || alt;
  const file = item.video?.files?.[0];
  const uri = parseMediaUri(file?.url);
  if (item.mediaType === 'video' || file) {
    const src = uri?.kind === 'video' ? `${VIDEOS}${encodeURIComponent(uri.id)}` : httpUrl(file?.url);
    const still =
      image(item.thumbnail?.url, item.thumbnail?.width, item.thumbnail?.height) ??
      (uri?.poster ? image(`wix:image://v1/${uri.poster}`, uri.width, uri.height) : undefined);
    if (!src) return still ? { kind: 'image', ...still, alt: label } : undefined;
    return {
      kind: 'video',
      src,
      width: positive(file?.width) ?? still?.width,
      height: positive(file?.height) ?? still?.height,
      ...(still ? { poster: still.src } : {}),
      alt: label,
    };
  }
  const shownImage =
    image(item.image?.url, item.image?.width, item.image?.height) ??
    image(item.thumbnail?.url, item.thumbnail?.width, item.thumbnail?.height);
  return shownImage ? { kind: 'image', ...shownImage, alt: label } : undefined;
}

/** A product's media in order, the main item first, each once; those the page may not show are left out. */
export function gallery(media: Media | undefined, alt: string): Shown[] {
  const items = [media?.mainMedia, ...(media?.items ?? [])].filter(
    (item, index, all): item is MediaItem =>
      item !== undefined &&
      all.findIndex((other) => other === item || (other?.id && other.id === item.id)) === index,
  );
  return items.flatMap((item) => shownItem(item, alt) ?? []);
}
