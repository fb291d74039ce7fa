/**
 * The drawer's marketing parts (issue 37), a chunk of their own (`marketing-slot.tsx` loads it): the
 * free-shipping bar, the cross-sell and the note, with the reading of their attributes.
 */
export { marketingOf } from '../../marketing';
export { CrossSell } from './cross-sell';
export { FreeShipping } from './free-shipping';
/** Their styles, which the drawer adopts beside its own when they come (React's drawer has them with its own). */
export { default as css } from './marketing.css?inline';
export { Note } from './note';
