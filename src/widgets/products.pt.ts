/** The product elements' texts in Portuguese: one chunk, loaded only by Portuguese pages with products. */
export { default } from './product/pt';
