/** The product elements' texts in Spanish: one chunk, loaded only by Spanish pages with products. */
export { default } from './product/es';
