import type { Dimensions, Media, PlatformPagingMetadata } from './common';
import type { InventoryStatus, MeasurementUnit, OptionType, ProductDiscountType, ProductType } from './enums';
import type { ApplicationErrorDetails } from './errors';

export interface NumericPropertyRange {
  minValue?: number;
  maxValue?: number;
}

export interface FormattedPrice {
  price?: string;
  discountedPrice?: string;
  pricePerUnit?: string;
}

export interface PriceData {
  currency?: string;
  price?: number;
  discountedPrice?: number;
  formatted?: FormattedPrice;
  pricePerUnit?: number;
}

export interface CostAndProfitData {
  itemCost?: number;
  formattedItemCost?: string;
  profit?: number;
  formattedProfit?: string;
  profitMargin?: number;
}

export interface PricePerUnitData {
  totalQuantity?: number;
  totalMeasurementUnit?: MeasurementUnit;
  baseQuantity?: number;
  baseMeasurementUnit?: MeasurementUnit;
}

export interface Stock {
  trackInventory?: boolean;
  quantity?: number | null;
  inStock?: boolean;
  inventoryStatus?: InventoryStatus;
}

export interface Choice {
  value?: string;
  description?: string;
  media?: Media;
  inStock?: boolean;
  visible?: boolean;
}

export interface ProductOption {
  optionType?: OptionType;
  name?: string;
  choices?: Choice[];
}

export interface VariantDataWithNoStock {
  priceData?: PriceData;
  convertedPriceData?: PriceData;
  costAndProfitData?: CostAndProfitData;
  weight?: number;
  sku?: string;
  visible?: boolean;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

export interface VariantStock {
  trackQuantity?: boolean;
  quantity?: number | null;
  inStock?: boolean;
}

export interface Variant {
  id?: string;
  choices?: Record<string, string>;
  variant?: VariantDataWithNoStock;
  stock?: VariantStock;
}

export interface Discount {
  type?: ProductDiscountType;
  value?: number;
}

export interface AdditionalInfoSection {
  title?: string;
  description?: string;
}

export interface Ribbon {
  text?: string;
}

export interface CustomTextField {
  title?: string;
  maxLength?: number;
  mandatory?: boolean;
}

export interface PageUrl {
  base?: string;
  path?: string;
}

export interface Product {
  id?: string;
  name?: string;
  slug?: string;
  visible?: boolean;
  productType?: ProductType;
  description?: string;
  sku?: string;
  weight?: number;
  weightRange?: NumericPropertyRange;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
  stock?: Stock;
  price?: PriceData;
  priceData?: PriceData;
  convertedPriceData?: PriceData;
  priceRange?: NumericPropertyRange;
  costAndProfitData?: CostAndProfitData;
  costRange?: NumericPropertyRange;
  pricePerUnitData?: PricePerUnitData;
  additionalInfoSections?: AdditionalInfoSection[];
  ribbons?: Ribbon[];
  media?: Media;
  customTextFields?: CustomTextField[];
  manageVariants?: boolean;
  productOptions?: ProductOption[];
  productPageUrl?: PageUrl;
  numericId?: string;
  inventoryItemId?: string;
  discount?: Discount;
  collectionIds?: string[];
  variants?: Variant[];
  lastUpdated?: string;
  createdDate?: string;
  seoData?: SeoSchema;
  ribbon?: string;
  brand?: string;
}

export interface QueryProductsPlatformizedResponse {
  products: Product[];
  metadata?: PlatformPagingMetadata;
}

export interface SeoTag {
  type?: string;
  props?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  children?: string;
  custom?: boolean;
  disabled?: boolean;
}

export interface SeoKeyword {
  term?: string;
  isMain?: boolean;
  origin?: string;
}

export interface SeoSchema {
  tags?: SeoTag[];
  settings?: { preventAutoRedirect?: boolean; keywords?: SeoKeyword[] };
}

/** `GET /stores-reader/v1/products/{id}` and the product writes. */
export interface GetProductResponse {
  product: Product;
}

/** `POST /stores-reader/v1/products/{id}/productOptionsAvailability`: a variant's data with its stock. */
export interface VariantData {
  price?: PriceData;
  convertedPriceData?: PriceData;
  weight?: number | null;
  sku?: string;
  quantity?: number | null;
  inStock?: boolean;
  visible?: boolean;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

export interface ProductOptionsAvailabilityResponse {
  /** Only when the selected options pick exactly one variant. */
  selectedVariant?: VariantData;
  media?: Media;
  /** The options with each choice's `inStock` and `visible` given the rest of the selection. */
  productOptions?: ProductOption[];
  /** Whether the selection picks a visible, in-stock variant. */
  availableForPurchase?: boolean;
}

/** The older paging metadata of the product-variants query: the page size asked for and the offset. */
export interface ItemsPagingMetadata {
  items?: number;
  offset?: number;
}

export interface QueryProductVariantsResponse {
  variants: Variant[];
  metadata?: ItemsPagingMetadata;
  totalResults?: number;
}

/** A media address: an image or a video URL. */
export interface PlatformMedia {
  image?: string;
  video?: string;
}

export interface PreorderInfo {
  enabled?: boolean;
  message?: string | null;
  limit?: number | null;
}

/** A variant across the store, with its product's name and collections. Its id is `<productId>-<variantId>`. */
export interface StoreVariant {
  id?: string;
  variantId?: string;
  productId?: string;
  variantName?: string;
  productName?: string;
  managedVariant?: boolean;
  sku?: string;
  stock?: VariantStock;
  choices?: Record<string, string>;
  collectionIds?: string[];
  media?: PlatformMedia;
  preorderInfo?: PreorderInfo;
}

export interface QueryStoreVariantsResponse {
  variants: StoreVariant[];
  metadata?: PlatformPagingMetadata;
}

export interface GetStoreVariantResponse {
  variant: StoreVariant;
}

/** One entry of `PATCH /stores/v1/products/{id}/variants`: the variants picked by choices or by ids. */
export interface VariantOverride {
  choices?: Record<string, string>;
  variantIds?: string[];
  price?: number | null;
  cost?: number | null;
  weight?: number | null;
  sku?: string | null;
  visible?: boolean | null;
  productDimensions?: Dimensions;
  packageDimensions?: Dimensions;
}

export interface UpdateVariantsResponse {
  variants: Variant[];
}

export interface OptionAndChoice {
  option?: string;
  choice?: string;
}

/** One item of `POST /stores/v1/products/{id}/media`: a URL or a media id, optionally for one choice. */
export interface MediaDataForWrite {
  url?: string;
  mediaId?: string;
  choice?: OptionAndChoice;
}

/** One item of `PATCH …/choices/media` and `POST …/choices/media/delete`. */
export interface MediaAssignmentToChoice {
  option?: string;
  choice?: string;
  mediaIds?: string[];
}

/** `set` of `POST /stores/v1/bulk/products/update`: one property. */
export interface SetValue {
  price?: number;
  cost?: number;
  weight?: number;
  ribbon?: string;
  brand?: string;
}

export interface PercentageData {
  rate?: number;
  roundToInt?: boolean;
}

/** By an amount, or by a percentage (a number, or `{rate, roundToInt}`). */
export interface PropertyAdjustmentData {
  amount?: number;
  percentage?: number | PercentageData;
}

/** `adjust` of `POST /stores/v1/bulk/products/adjust-properties`: one numeric property. */
export interface AdjustValue {
  price?: PropertyAdjustmentData;
  cost?: PropertyAdjustmentData;
  weight?: PropertyAdjustmentData;
}

export interface ItemMetadata {
  id?: string | null;
  originalIndex?: number;
  success?: boolean;
  error?: ApplicationErrorDetails;
}

export interface BulkProductResult {
  itemMetadata?: ItemMetadata;
}

export interface BulkActionMetadata {
  totalSuccesses?: number;
  totalFailures?: number;
  undetailedFailures?: number;
}

export interface BulkUpdateProductsResponse {
  results: BulkProductResult[];
  bulkActionMetadata?: BulkActionMetadata;
}
