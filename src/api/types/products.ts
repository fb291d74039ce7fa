import type { Dimensions, Media, PlatformPagingMetadata } from './common';
import type { InventoryStatus, MeasurementUnit, OptionType, ProductDiscountType, ProductType } from './enums';

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
  ribbon?: string;
  brand?: string;
}

export interface QueryProductsPlatformizedResponse {
  products: Product[];
  metadata?: PlatformPagingMetadata;
}
