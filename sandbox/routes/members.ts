import type { Hono } from 'hono';
import type { AppEnv, SandboxContext } from '../context';

/** Members (`/members/v1/members…`): filled in by the API client issue. */
export function registerMemberRoutes(_app: Hono<AppEnv>, _ctx: SandboxContext): void {}
