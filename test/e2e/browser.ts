import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium';
import { testFonts } from './fonts';

export interface Browser {
  context: BrowserContext;
  /** A new page that records console errors and uncaught exceptions into `errors`. */
  newPage(): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/**
 * Headless Debian Chromium with a fresh profile, as ../shared/STYLE.md describes; a phone with
 * `{ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }`. Its fonts are the tests' own
 * (./fonts.ts): every page gets the bundled web fonts first in its font stacks, and Chromium's fontconfig lists
 * only the bundled fonts (`E2E_SYSTEM_FONTS=1` leaves it the machine's).
 */
export async function launchBrowser(
  device: {
    viewport?: { width: number; height: number };
    hasTouch?: boolean;
    isMobile?: boolean;
    javaScriptEnabled?: boolean;
  } = {},
): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('Chromium is not installed: run `npm run pretest:e2e` (or npm test) first');
  const fonts = testFonts();
  const profile = mkdtempSync(join(tmpdir(), 'sf-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: CHROMIUM_ARGS,
    ...(process.env.E2E_SYSTEM_FONTS === '1'
      ? {}
      : { env: { ...process.env, FONTCONFIG_FILE: fonts.fontconfig } }),
    viewport: { width: 1280, height: 800 },
    ...device,
  });
  await context.addInitScript(fonts.initScript);
  return {
    context,
    async newPage() {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, errors };
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
