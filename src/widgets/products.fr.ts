/** The product elements' texts in French: one chunk, loaded only by French pages with products. */
export { default } from './product/fr';
