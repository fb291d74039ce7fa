import type { DimensionsUnit, MediaItemType } from './enums';

export interface MediaItemUrlAndSize {
  url?: string;
  width?: number;
  height?: number;
  format?: string;
  altText?: string;
}

export interface MediaItemVideo {
  files?: MediaItemUrlAndSize[];
  stillFrameMediaId?: string;
}

export interface MediaItem {
  id?: string;
  title?: string;
  mediaType?: MediaItemType;
  image?: MediaItemUrlAndSize;
  video?: MediaItemVideo;
  thumbnail?: MediaItemUrlAndSize;
}

export interface Media {
  mainMedia?: MediaItem;
  items?: MediaItem[];
}

export interface Dimensions {
  length?: string;
  width?: string;
  height?: string;
  unit?: DimensionsUnit;
}

export interface StreetAddress {
  number?: string;
  name?: string;
}

export interface AddressLocation {
  latitude?: number;
  longitude?: number;
}

/** Offset paging metadata (WIRE.md 11). */
export interface PagingMetadata {
  count?: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
}

export interface Cursors {
  next?: string | null;
  prev?: string | null;
}

export interface PlatformPagingMetadata {
  count?: number;
  offset?: number;
  total?: number;
  cursors?: Cursors;
}
