/** Product media: the product's gallery and the media of option choices. */
import { randomUUID } from 'node:crypto';
import type { MediaItem } from '../../src/api/types/common';
import type { Choice, Product, ProductOption } from '../../src/api/types/products';
import { MEDIA_ID, mediaItemFor, resolveMediaUrl } from '../catalog';
import type { SandboxContext } from '../context';
import { applicationError } from '../errors';
import { touch } from './products';
import { choiceNamed, optionNamed } from './reads';
import {
  eachObject,
  fail,
  isObject,
  type Json,
  list,
  readEntries,
  readStringList,
  Violations,
} from './shared';
import { findProduct } from './views';

function mediaNotFound(product: Product, ids: string[]) {
  return applicationError(
    404,
    'MEDIA_NOT_FOUND',
    `Product ${product.id} has no media item ${ids.map((id) => `"${id}"`).join(', ')}`,
    { mediaIds: ids },
  );
}

/** Every media item of a product: its own and its choices' (a choice may show an image the product does not). */
function allMedia(product: Product): MediaItem[] {
  const out = [...(product.media?.items ?? [])];
  for (const option of product.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      for (const item of choice.media?.items ?? []) if (!out.some((x) => x.id === item.id)) out.push(item);
    }
  }
  return out;
}

interface ChoiceRef {
  option: ProductOption;
  choice: Choice;
}

/** An option's choice named by an `{option, choice}` pair of a request. */
function readChoiceRef(product: Product, raw: Json, at: string, v: Violations): ChoiceRef | undefined {
  const option = typeof raw.option === 'string' ? optionNamed(product, raw.option)?.option : undefined;
  if (typeof raw.option !== 'string' || raw.option === '') {
    v.add(`${at}.option`, 'is required', 'REQUIRED_FIELD');
    return undefined;
  }
  if (!option) {
    v.add(`${at}.option`, `"${raw.option}" is not an option of product ${product.id}`, 'VALIDATION');
    return undefined;
  }
  if (typeof raw.choice !== 'string' || raw.choice === '') {
    v.add(`${at}.choice`, 'is required', 'REQUIRED_FIELD');
    return undefined;
  }
  const choice = choiceNamed(option, raw.choice);
  if (!choice) {
    v.add(`${at}.choice`, `"${raw.choice}" is not a choice of ${option.name}`, 'VALIDATION');
    return undefined;
  }
  return { option, choice };
}

/** Media may be set on the choices of one option only (the platform's rule). */
function checkOneMediaOption(product: Product, refs: ChoiceRef[], at: string): void {
  const names = new Set(refs.map((r) => r.option.name));
  for (const option of product.productOptions ?? []) {
    if (option.choices?.some((c) => c.media?.items?.length)) names.add(option.name);
  }
  if (names.size > 1) {
    throw fail(
      at,
      `media can be set on the choices of one option only; this would set it on ${list([...names].map((n) => `"${n}"`))}`,
      'VALIDATION',
    );
  }
}

function setChoiceMedia(choice: Choice, items: MediaItem[]): void {
  if (items.length) choice.media = { mainMedia: items[0], items };
  else delete choice.media;
}

function addToChoice(choice: Choice, item: MediaItem): void {
  const items = choice.media?.items ?? [];
  if (!items.some((x) => x.id === item.id)) setChoiceMedia(choice, [...items, structuredClone(item)]);
}

/** `POST /stores/v1/products/{id}/media`: appends images or videos, optionally to a choice as well. */
export function addProductMedia(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const raw = readEntries(body.media, 'media', 50);
  const v = new Violations();
  const existing = product.media?.items ?? [];
  const known = allMedia(product);
  const additions: Array<{ item: MediaItem; ref?: ChoiceRef }> = [];
  eachObject(v, raw, 'media', (entry, at) => {
    const hasUrl = entry.url !== undefined && entry.url !== null;
    const hasId = entry.mediaId !== undefined && entry.mediaId !== null;
    if (hasUrl === hasId) {
      v.add(at, 'give exactly one of url and mediaId', hasUrl ? 'ONE_OF_ALIGNMENT' : 'REQUIRED_FIELD');
      return;
    }
    let ref: ChoiceRef | undefined;
    if (entry.choice !== undefined && entry.choice !== null) {
      if (!isObject(entry.choice)) v.add(`${at}.choice`, 'must be {option, choice}', 'FORMAT');
      else ref = readChoiceRef(product, entry.choice, `${at}.choice`, v);
    }
    if (hasUrl) {
      const resolved = typeof entry.url === 'string' ? resolveMediaUrl(entry.url) : undefined;
      if (!resolved) {
        v.add(
          `${at}.url`,
          'must be an http(s) URL or a platform media URI (wix:image://v1/… or wix:video://v1/…)',
          'FORMAT',
        );
        return;
      }
      const mediaId = resolved.mediaId ?? randomUUID();
      const found = [...known, ...additions.map((a) => a.item)].find((x) => x.id === mediaId);
      additions.push({ item: found ?? mediaItemFor(mediaId, resolved), ref });
      return;
    }
    const mediaId = entry.mediaId;
    if (typeof mediaId !== 'string' || !MEDIA_ID.test(mediaId)) {
      v.add(`${at}.mediaId`, 'must be a media id (letters, digits, "_", ".", "~", "-")', 'FORMAT');
      return;
    }
    const found = [...known, ...additions.map((a) => a.item)].find((x) => x.id === mediaId);
    const item =
      found ??
      mediaItemFor(mediaId, { mediaType: 'image', url: `https://static.wixstatic.com/media/${mediaId}` });
    additions.push({ item, ref });
  });
  v.throwIfAny();
  const refs = additions.flatMap((a) => (a.ref ? [a.ref] : []));
  if (refs.length) checkOneMediaOption(product, refs, 'media');
  const items = [...existing];
  for (const { item, ref } of additions) {
    if (!items.some((x) => x.id === item.id)) items.push(item);
    if (ref) addToChoice(ref.choice, item);
  }
  product.media = { items };
  touch(ctx, product);
  return {};
}

/** `POST …/media/delete`: removes media items from the product and its choices; no ids removes them all. */
export function removeProductMedia(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const v = new Violations();
  const ids =
    body.mediaIds === undefined || body.mediaIds === null
      ? []
      : (readStringList(v, body.mediaIds, 'mediaIds', { max: 50 }) ?? []);
  v.throwIfAny();
  const known = allMedia(product);
  const missing = ids.filter((mediaId) => !known.some((x) => x.id === mediaId));
  if (missing.length) throw mediaNotFound(product, missing);
  const removed = new Set(ids.length ? ids : known.map((x) => x.id));
  product.media = { items: (product.media?.items ?? []).filter((x) => !removed.has(x.id)) };
  for (const option of product.productOptions ?? []) {
    for (const choice of option.choices ?? []) {
      if (choice.media)
        setChoiceMedia(
          choice,
          (choice.media.items ?? []).filter((x) => !removed.has(x.id)),
        );
    }
  }
  touch(ctx, product);
  return {};
}

/** The `{option, choice, mediaIds}` entries of the two choice-media calls, checked. */
function readChoiceMedia(product: Product, body: Json) {
  const raw = readEntries(body.media, 'media', 10);
  const v = new Violations();
  const entries: Array<{ ref: ChoiceRef; ids: string[] }> = [];
  eachObject(v, raw, 'media', (entry, at) => {
    const ref = readChoiceRef(product, entry, at, v);
    const ids =
      entry.mediaIds === undefined || entry.mediaIds === null
        ? []
        : readStringList(v, entry.mediaIds, `${at}.mediaIds`, { max: 50 });
    if (ref && ids) entries.push({ ref, ids });
  });
  v.throwIfAny();
  const known = allMedia(product);
  const missing = [...new Set(entries.flatMap((e) => e.ids))].filter(
    (mid) => !known.some((x) => x.id === mid),
  );
  if (missing.length) throw mediaNotFound(product, missing);
  return entries;
}

/** `PATCH …/choices/media`: links media items the product already has to choices. */
export function addMediaToChoices(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  const entries = readChoiceMedia(product, body);
  checkOneMediaOption(
    product,
    entries.filter((e) => e.ids.length).map((e) => e.ref),
    'media',
  );
  const known = allMedia(product);
  for (const { ref, ids } of entries) {
    for (const mediaId of ids) addToChoice(ref.choice, known.find((x) => x.id === mediaId) as MediaItem);
  }
  touch(ctx, product);
  return {};
}

/** `POST …/choices/media/delete`: unlinks media from choices (all of a choice's media without ids). */
export function removeMediaFromChoices(ctx: SandboxContext, id: string, body: Json) {
  const product = findProduct(ctx, id, { merchant: true });
  for (const { ref, ids } of readChoiceMedia(product, body)) {
    const keep = (ref.choice.media?.items ?? []).filter((x) => ids.length && !ids.includes(x.id ?? ''));
    setChoiceMedia(ref.choice, keep);
  }
  touch(ctx, product);
  return {};
}
