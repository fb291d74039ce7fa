import type { Hono } from 'hono';
import type { AppEnv, SandboxContext } from '../context';

/** Redirect sessions (`/_api/redirects-api/v1/redirect-session`) and the hosted pages they lead to. */
export function registerRedirectRoutes(_app: Hono<AppEnv>, _ctx: SandboxContext): void {}
