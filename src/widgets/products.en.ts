/** The product elements' texts in English: one chunk, loaded by English pages with products (and any without a pack). */
export { default } from './product/en';
