/**
 * A name's first letter, shown in a picture's place when there is none (`éclair` → `É`; nothing for a blank
 * name). In the views' shared chunk (`runtime-*.js`), as the drawer and the product cards both use it.
 */
export const initialOf = (name: string): string => ([...name.trim()][0] ?? '').toLocaleUpperCase();
