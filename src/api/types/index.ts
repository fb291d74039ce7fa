export * from './collections';
export * from './common';
export * from './enums';
export * from './errors';
export * from './members';
export * from './products';
export * from './tokens';
