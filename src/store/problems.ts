import { isApiError, isSystemError } from '../api/errors';
import type { Problem } from './types';

/** A failed call as a message for the person: the network, or `key` with the server's (or the error's) words. */
export const problemOf = (error: unknown, key: string): Problem => {
  if (isSystemError(error)) return { key: 'networkError' };
  if (isApiError(error)) return { key, detail: error.message };
  return { key, ...(error instanceof Error ? { detail: error.message } : {}) };
};
