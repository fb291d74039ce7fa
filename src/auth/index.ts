export * from './errors';
export * from './lock';
export * from './login-state';
export * from './pkce';
export * from './session';
export * from './sign-in';
export * from './silent';
export * from './storage';
