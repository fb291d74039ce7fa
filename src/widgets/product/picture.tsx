import { createElement } from 'react';
import type { Shown } from './media';

/** What the browser is told about an image's displayed width, by layout, to pick from its `srcset`. */
export const SIZES = {
  card: '(min-width: 1200px) 300px, (min-width: 640px) 45vw, 90vw',
  page: '(min-width: 960px) 50vw, 100vw',
};

/**
 * One image or video in a box of a stated aspect ratio (`--sf-product-media-ratio`), so nothing moves while it
 * loads: the box has its size before the picture arrives.
 */
export function Picture({ item, sizes, eager }: { item: Shown; sizes: string; eager?: boolean }) {
  if (item.kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: the catalogue gives a video no caption track to offer
      <video
        part="video"
        src={item.src}
        poster={item.poster}
        width={item.width}
        height={item.height}
        controls
        playsInline
        preload="none"
        aria-label={item.alt}
      />
    );
  return (
    <img
      part="image"
      src={item.src}
      srcSet={item.srcset}
      sizes={item.srcset ? sizes : undefined}
      width={item.width}
      height={item.height}
      alt={item.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
