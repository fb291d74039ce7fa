export * from './channel';
export * from './store';
