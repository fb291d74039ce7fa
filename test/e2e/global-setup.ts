import { resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { buildDist, type RunningServers, startServers } from '../../scripts/servers';

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
  buildDist();
  // The session lab: the auth layer as a browser module, for the tests' own pages under /__lab__/.
  const labOut = resolve(root, 'test-results/e2e-lab');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: labOut,
      emptyOutDir: true,
      target: 'es2022',
      lib: { entry: resolve(root, 'test/e2e/lab/lab.ts'), formats: ['es'], fileName: () => 'lab.js' },
      // One file: the auth layer's lazy imports are inlined (no chunk, and no warning that one cannot split).
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  servers = await startServers({
    demoPort: 0,
    sandboxPort: 0,
    extraRoots: { '/__lab__/build/': labOut, '/__lab__/': resolve(root, 'test/e2e/lab') },
  });
  project.provide('demoUrl', servers.demoUrl);
  project.provide('sandboxUrl', servers.sandboxUrl);
}

export async function teardown(): Promise<void> {
  await servers?.close();
}
