/** Collection writes, and adding products to collections and removing them. */
import { randomUUID } from 'node:crypto';
import type { Collection } from '../../src/api/types/collections';
import type { Media, MediaItem } from '../../src/api/types/common';
import type { Product } from '../../src/api/types/products';
import { mediaItemFor, resolveMediaUrl, slugify, uniqueSlug } from '../catalog';
import type { SandboxContext } from '../context';
import { applicationError } from '../errors';
import { ALL_PRODUCTS_COLLECTION_ID } from '../seed';
import { slugConflict, touch } from './products';
import {
  fail,
  GUID,
  has,
  isObject,
  type Json,
  list,
  readBoolean,
  readString,
  readStringList,
  SLUG,
  Violations,
} from './shared';
import { collectionView, findCollection } from './views';

function editableCollection(ctx: SandboxContext, id: string): Collection {
  const collection = findCollection(ctx, id, { merchant: true });
  if (id === ALL_PRODUCTS_COLLECTION_ID) {
    throw applicationError(
      400,
      'ALL_PRODUCTS_COLLECTION_NOT_EDITABLE',
      'The "All Products" collection always holds every product: products cannot be added to or removed from it, and it cannot be deleted',
    );
  }
  return collection;
}

function readProductIds(ctx: SandboxContext, body: Json): Product[] {
  const v = new Violations();
  if (body.productIds === undefined) v.add('productIds', 'is required', 'REQUIRED_FIELD');
  const ids =
    body.productIds === undefined
      ? undefined
      : readStringList(v, body.productIds, 'productIds', {
          min: 1,
          max: 1000,
          format: GUID,
          formatName: 'a GUID',
        });
  v.throwIfAny();
  const missing = (ids ?? []).filter((pid) => !ctx.state.products.has(pid));
  if (missing.length) {
    throw applicationError(404, 'PRODUCT_NOT_FOUND', `No product ${list(missing)}`, { productIds: missing });
  }
  return [...new Set(ids)].map((pid) => ctx.state.products.get(pid) as Product);
}

export function addProductsToCollection(ctx: SandboxContext, id: string, body: Json) {
  editableCollection(ctx, id);
  for (const product of readProductIds(ctx, body)) {
    if (product.collectionIds?.includes(id)) continue;
    product.collectionIds = [...(product.collectionIds ?? []), id];
    touch(ctx, product);
  }
  return {};
}

export function removeProductsFromCollection(ctx: SandboxContext, id: string, body: Json) {
  editableCollection(ctx, id);
  for (const product of readProductIds(ctx, body)) {
    if (!product.collectionIds?.includes(id)) continue;
    product.collectionIds = product.collectionIds.filter((cid) => cid !== id);
    touch(ctx, product);
  }
  return {};
}

function readCollectionMedia(v: Violations, raw: unknown, at: string): Media | undefined {
  if (!isObject(raw)) {
    v.add(at, 'must be an object {mainMedia?, items?}', 'FORMAT');
    return undefined;
  }
  const readItem = (entry: unknown, field: string): MediaItem | undefined => {
    const url = isObject(entry) && isObject(entry.image) ? entry.image.url : undefined;
    const resolved = typeof url === 'string' ? resolveMediaUrl(url) : undefined;
    if (resolved?.mediaType !== 'image') {
      v.add(`${field}.image.url`, 'must be an http(s) URL or a wix:image://v1/… media URI', 'FORMAT');
      return undefined;
    }
    const mediaId =
      isObject(entry) && typeof entry.id === 'string' && entry.id
        ? entry.id
        : (resolved.mediaId ?? randomUUID());
    const item = mediaItemFor(mediaId, resolved);
    if (isObject(entry) && typeof entry.title === 'string') item.title = entry.title;
    return item;
  };
  const items: MediaItem[] = [];
  if (raw.items !== undefined) {
    if (!Array.isArray(raw.items)) v.add(`${at}.items`, 'must be a list', 'FORMAT');
    else
      raw.items.forEach((entry, i) => {
        const item = readItem(entry, `${at}.items[${i}]`);
        if (item) items.push(item);
      });
  }
  const main = raw.mainMedia !== undefined ? readItem(raw.mainMedia, `${at}.mainMedia`) : undefined;
  if (main && !items.some((x) => x.image?.url === main.image?.url)) items.unshift(main);
  return { mainMedia: main ?? items[0], items };
}

function collectionSlugTaken(ctx: SandboxContext, slug: string, except?: string) {
  const lower = slug.toLowerCase();
  return [...ctx.state.collections.values()].some((c) => c.id !== except && c.slug?.toLowerCase() === lower);
}

function readCollectionPatch(input: Json, creating: boolean) {
  const v = new Violations();
  const out: Pick<Collection, 'name' | 'description' | 'slug' | 'visible' | 'media'> = {};
  if (has(input, 'name')) out.name = readString(v, input.name, 'collection.name', { min: 1, max: 50 });
  else if (creating || input.name === null) v.add('collection.name', 'is required', 'REQUIRED_FIELD');
  if (input.description === null) out.description = '';
  else if (has(input, 'description')) {
    out.description = readString(v, input.description, 'collection.description', { max: 600 });
  }
  if (has(input, 'slug')) {
    const slug = readString(v, input.slug, 'collection.slug', { min: 1, max: 100 });
    if (slug !== undefined && !SLUG.test(slug))
      v.add('collection.slug', 'must not hold spaces, "/", "?" or "#"', 'FORMAT');
    else out.slug = slug;
  }
  if (has(input, 'visible')) out.visible = readBoolean(v, input.visible, 'collection.visible');
  if (has(input, 'media')) out.media = readCollectionMedia(v, input.media, 'collection.media');
  v.throwIfAny();
  return out;
}

const writtenCollection = (ctx: SandboxContext, collection: Collection) => ({
  collection: collectionView(ctx, collection, { merchant: true }),
});

export function createCollection(ctx: SandboxContext, body: Json) {
  if (!isObject(body.collection)) throw fail('collection', 'is required', 'REQUIRED_FIELD');
  const patch = readCollectionPatch(body.collection, true);
  if (patch.slug !== undefined && collectionSlugTaken(ctx, patch.slug))
    throw slugConflict(patch.slug, 'collection');
  const slug = patch.slug ?? uniqueSlug(slugify(patch.name ?? ''), (s) => collectionSlugTaken(ctx, s));
  const collection: Collection = {
    id: randomUUID(),
    name: patch.name,
    slug,
    description: patch.description ?? '',
    visible: patch.visible ?? true,
    media: patch.media ?? { items: [] },
  };
  ctx.state.collections.set(collection.id as string, collection);
  return writtenCollection(ctx, collection);
}

export function updateCollection(ctx: SandboxContext, id: string, body: Json) {
  const collection = findCollection(ctx, id, { merchant: true });
  if (!isObject(body.collection)) throw fail('collection', 'is required', 'REQUIRED_FIELD');
  const patch = readCollectionPatch(body.collection, false);
  if (patch.slug !== undefined && collectionSlugTaken(ctx, patch.slug, id))
    throw slugConflict(patch.slug, 'collection');
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) (collection as Json)[key] = value;
  }
  return writtenCollection(ctx, collection);
}

export function deleteCollection(ctx: SandboxContext, id: string) {
  editableCollection(ctx, id);
  ctx.state.collections.delete(id);
  for (const product of ctx.state.products.values()) {
    if (!product.collectionIds?.includes(id)) continue;
    product.collectionIds = product.collectionIds.filter((cid) => cid !== id);
    touch(ctx, product);
  }
  return {};
}
