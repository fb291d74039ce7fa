/** The product elements' texts in Arabic: one chunk, loaded only by Arabic pages with products. */
export { default } from './product/ar';
