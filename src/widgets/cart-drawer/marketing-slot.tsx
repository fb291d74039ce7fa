import { createElement, useEffect, useState } from 'react';
import { loadOnce, retryOnce } from '../../chunks';
import type { PartProps } from './part-props';

type MarketingParts = typeof import('./marketing');
let loaded: MarketingParts | undefined;
/**
 * The marketing parts' code (the free-shipping bar, the cross-sell, the note, and the reading of their
 * attributes): one chunk, downloaded when a drawer whose page asks for one of them first mounts.
 */
export const loadMarketing = loadOnce(() =>
  retryOnce(() => import('./marketing')).then((module) => (loaded = module)),
);

/** Whether the page asks for any marketing part (what is asked, and whether it can be, is the chunk's to read). */
export const wantsMarketing = (data: PartProps['attributes']) =>
  !!data && (data.freeShippingOver ?? data.crossSell ?? data.cartNote) !== undefined;

/** A marketing part of the drawer once its code is here; nothing on a page that asks for none. */
export function MarketingPart({
  part,
  ...props
}: PartProps & { part: 'FreeShipping' | 'CrossSell' | 'Note' }) {
  const wanted = wantsMarketing(props.attributes);
  const [parts, setParts] = useState(loaded);
  useEffect(() => {
    if (wanted && !parts)
      loadMarketing().then(setParts, (error: unknown) => console.error('[storefront]', error));
  }, [wanted, parts]);
  if (!wanted || !parts) return null;
  const Part = parts[part];
  return <Part {...props} marketing={parts.marketingOf(props.attributes ?? {})} />;
}
