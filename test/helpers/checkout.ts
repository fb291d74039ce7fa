import { expect } from 'vitest';
import { storageNamespace, webStorage } from '../../src/auth/storage';
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
