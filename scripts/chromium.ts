import { existsSync } from 'node:fs';

/** Where Chromium is: `CHROMIUM_PATH`, else the usual Debian and Ubuntu locations. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

/** Flags for headless Chromium on a machine with no outside network (see ../shared/STYLE.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
