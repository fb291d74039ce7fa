/** The product elements' texts in Japanese: one chunk, loaded only by Japanese pages with products. */
export { default } from './product/ja';
