/** The product elements' texts in German: one chunk, loaded only by German pages with products. */
export { default } from './product/de';
