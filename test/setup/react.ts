/**
 * The React entry's tests (the `react` and `react18` projects), on real React in happy-dom: React's `act()`
 * environment, and every chunk the widgets, the menu and the store load on first use, imported once per file
 * before its tests, so that their waits are for the app and the widgets, never for vitest loading a chunk.
 */
import { beforeAll } from 'vitest';
import { CHUNK_TIMEOUT_MS, CHUNKS, type ChunkName, importChunks } from '../helpers/widget';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

globalThis.IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => importChunks(...(Object.keys(CHUNKS) as ChunkName[])), CHUNK_TIMEOUT_MS);
