import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningServers, startServers } from '../../scripts/servers';

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string;
    sandboxUrl: string;
  }
}

let servers: RunningServers | undefined;

/** Builds dist/ fresh and starts the demo site and the sandbox on free ports, as `npm start` does. */
export async function setup(project: TestProject): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  servers = await startServers({ demoPort: 0, sandboxPort: 0 });
  project.provide('demoUrl', servers.demoUrl);
  project.provide('sandboxUrl', servers.sandboxUrl);
}

export async function teardown(): Promise<void> {
  await servers?.close();
}
