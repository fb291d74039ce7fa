/** The product elements' texts in Dutch: one chunk, loaded only by Dutch pages with products. */
export { default } from './product/nl';
