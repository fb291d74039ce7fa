import { expect } from 'vitest';
import { storageNamespace, webStorage } from '../../src/auth/storage';
import { boot } from '../../src/loader';
import type { PlacedOrder } from '../../src/store/store';
import { SANDBOX_ORIGIN } from './sandbox';
import { sandboxStore } from './widget';

/**
 * A visitor of this page buys the mug on the sandbox's hosted checkout page, which sends them back to the page
 * with the order in the address, as the platform's checkout does. The store keeps the page's own storage, so
 * the page the checkout leads back to finds the visitor's tokens and the checkout it started.
 */
export async function buyAndComeBack() {
  const navigations: string[] = [];
  const { sandbox, store, productId } = sandboxStore(
    { navigate: (url) => navigations.push(url), location: () => window.location.href },
    { storage: webStorage(() => localStorage, storageNamespace('demo-client')) },
  );
  await store.getState().addToCart({ productId: productId('stoneware-mug') });
  await store.getState().checkout();
  const placed = await sandbox.fetch(navigations[0] as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=buyer%40example.com',
  });
  expect(placed.status).toBe(303);
  const back = new URL(placed.headers.get('location') as string);
  store.getState().destroy();
  return { sandbox, back };
}

/**
 * The page loaded at an address, as the script tag boots it, with what it announces: the page listens before
 * the bundle is here (the queue, `heard`) and as a DOM event (`dom`).
 */
export function loadWithOrderListeners(href: string, fetch: typeof globalThis.fetch) {
  history.replaceState(null, '', href);
  const heard: PlacedOrder[] = [];
  const dom: unknown[] = [];
  document.addEventListener('sf:order:placed', (event) => dom.push((event as CustomEvent).detail));
  (window as unknown as { Storefront?: { q?: unknown[][] } }).Storefront = {
    q: [['on', 'order:placed', (detail: PlacedOrder) => heard.push(detail)]],
  };
  const script = document.createElement('script');
  script.dataset.clientId = 'demo-client';
  script.dataset.apiBase = SANDBOX_ORIGIN;
  return { ...boot({ script, fetch }), heard, dom };
}
