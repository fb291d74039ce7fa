/** The product elements' texts in English: a pack of its own, loaded only by pages with products. */
const en = {
  loading: 'Loading the product…',
  loadingProducts: 'Loading products…',
  addToCart: 'Add to cart',
  adding: 'Adding…',
  added: '{name} is in your cart.',
  soldOut: 'Sold out',
  unavailable: 'Unavailable',
  outOfStock: 'Out of stock',
  onlyLeft: 'Only {count} left',
  inStock: 'In stock',
  sku: 'SKU {sku}',
  choiceSoldOut: '{choice} (sold out)',
  choiceUnavailable: '{choice} (unavailable)',
  quantity: 'Quantity',
  decrease: 'One fewer',
  increase: 'One more',
  quantityInvalid: 'Enter a whole number from 1 to {max}.',
  regularPrice: 'Regular price',
  salePrice: 'Sale price',
  unitPrice: '{price} / {unit}',
  unitPriceLabel: 'Unit price',
  images: 'Images of {name}',
  showImage: 'Image {index} of {count}',
  productsShown: 'Showing {shown} of {total} products',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  empty: 'No products here yet.',
  missing: 'This product is not available.',
  productFailed: 'This product could not be loaded.',
  productsFailed: 'The products could not be loaded.',
  addFailed: 'The item could not be added.',
  networkError: 'The shop cannot be reached. Check your connection and try again.',
  retry: 'Try again',
  close: 'Close',
};

export default en;

/** The product elements' texts: the keys of the English ones, in any language. */
export type ProductStringKey = keyof typeof en;
export type ProductStrings = Record<ProductStringKey, string>;
