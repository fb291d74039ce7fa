import type { Hono } from 'hono';
import type { AppEnv, SandboxContext } from '../context';

/** Catalogue reads and writes (`/stores-reader/v1…`, `/stores/v1…`, `/v2/collections…`). */
export function registerCatalogRoutes(_app: Hono<AppEnv>, _ctx: SandboxContext): void {}
