import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { type Browser, launchBrowser } from './browser';
import { animationsDone } from './page-checks';

const screenshots = resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * What every journey file shares: a fresh browser profile per test (no tokens, no cached count), the one
 * test sandbox back to its seed before each (stock, slugs, orders and settings are shared), and screenshots.
 */
export function journeys() {
  const sandboxUrl = inject('sandboxUrl');
  let browser: Browser | undefined;
  beforeAll(() => {
    mkdirSync(screenshots, { recursive: true });
  });
  beforeEach(async () => {
    // The dev endpoints that change state take only JSON (a cross-site form cannot send it).
    const response = await fetch(`${sandboxUrl}/_sandbox/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });
  return {
    demoUrl: inject('demoUrl'),
    sandboxUrl,
    /**
     * A page in a new browser profile (on a phone with `{ viewport, hasTouch, isMobile }`); `another()` opens a
     * second tab of the same profile.
     */
    async freshPage(device?: Parameters<typeof launchBrowser>[0]) {
      browser = await launchBrowser(device);
      const open = browser;
      return { ...(await open.newPage()), another: () => open.newPage() };
    },
    /** A call to the sandbox's dev endpoints. */
    async sandbox(method: string, path: string, body?: unknown) {
      const response = await fetch(`${sandboxUrl}${path}`, {
        method,
        // The dev endpoints that change state take only JSON, with or without a body.
        headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return response.json();
    },
    /** A screenshot once the entrance animations are over, to look at. */
    async shot(page: Page, name: string) {
      await animationsDone(page);
      await page.screenshot({ path: resolve(screenshots, `${name}.png`) });
    },
  };
}
