/**
 * A piece of text isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE): read in its own
 * direction inside a text of another, its neutrals kept with it. An address in an Arabic sentence stays whole
 * ("noor-1795@example.com", "18 Harbour Street"), not drawn in pieces at either end; a currency's letters and
 * signs stay one piece ("US$").
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
