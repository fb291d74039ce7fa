import type { Media, PlatformPagingMetadata } from './common';

export interface Collection {
  id?: string;
  name?: string;
  media?: Media;
  numberOfProducts?: number;
  description?: string;
  slug?: string;
  visible?: boolean;
}

export interface QueryCollectionsResponse {
  collections: Collection[];
  metadata?: PlatformPagingMetadata;
}

/** `GET /v2/collections/{id}`, `…/slug/{slug}`, and the collection writes. */
export interface GetCollectionResponse {
  collection: Collection;
}

/** `POST /stores/v1/collections`: `media` is optional; `numberOfProducts` is computed. */
export interface CreateCollectionRequest {
  collection: Pick<Collection, 'name' | 'description' | 'slug' | 'visible' | 'media'>;
}
