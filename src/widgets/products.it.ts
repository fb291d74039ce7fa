/** The product elements' texts in Italian: one chunk, loaded only by Italian pages with products. */
export { default } from './product/it';
