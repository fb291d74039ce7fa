import type { Hono } from 'hono';
import type { AppEnv, SandboxContext } from '../context';

/** The current cart (`/ecom/v1/carts/current…`). */
export function registerCartRoutes(_app: Hono<AppEnv>, _ctx: SandboxContext): void {}
