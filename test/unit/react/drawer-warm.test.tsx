/**
 * `<CartDrawer>` readies the drawer's fonts while the page is idle (`warmFonts`), as the script tag's drawer
 * does once its code is fetched ahead: once a page, under StrictMode too, in the provider's language; real
 * React (19, and 18 in the react18 project) in happy-dom, against the in-process sandbox.
 */
import { createElement, StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CartDrawer, StorefrontProvider } from '../../../src/react/index';
import { reactRoot } from '../../helpers/react-app';
import { SANDBOX_ORIGIN } from '../../helpers/sandbox';
import { CHUNK_TIMEOUT_MS, importChunks } from '../../helpers/widget';

beforeAll(() => importChunks('textsEn', 'textsDe', 'langDe'), CHUNK_TIMEOUT_MS);

/** The page's idle callbacks, held: the test runs them. */
const idle: Array<() => void> = [];
const original = window.requestIdleCallback;
window.requestIdleCallback = ((callback: () => void) => idle.push(callback)) as typeof requestIdleCallback;
afterAll(() => {
  window.requestIdleCallback = original;
});

const app = reactRoot();
afterEach(async () => {
  await app.cleanup();
  idle.length = 0;
});

/** The probes on the page: hidden elements holding the drawer's elements in a shadow root. */
const probes = () => [...document.querySelectorAll('sf-drawer-fonts')];

describe('the drawer’s fonts in React', () => {
  it('are readied once while the page is idle, in the provider’s language, under StrictMode with two drawers', async () => {
    const p = app.platform();
    await app.show(
      <StrictMode>
        <StorefrontProvider clientId="demo-client" apiBase={SANDBOX_ORIGIN} fetch={p.sandboxFetch} lang="de">
          <CartDrawer />
          <CartDrawer />
        </StorefrontProvider>
      </StrictMode>,
    );
    // One probe's steps, whatever the drawers and the effects' second run.
    await expect.poll(() => idle.length, { timeout: CHUNK_TIMEOUT_MS }).toBe(1);
    (idle.shift() as () => void)();
    expect(probes()).toHaveLength(1);
    const probe = probes()[0] as HTMLElement;
    expect(probe.inert).toBe(true);
    expect(probe.shadowRoot?.textContent).toContain('Dein Warenkorb');
    // Its steps run out and it goes.
    for (let i = 0; i < 50 && idle.length; i++) (idle.shift() as () => void)();
    expect(idle).toEqual([]);
    expect(probes()).toEqual([]);
  });
});
