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
