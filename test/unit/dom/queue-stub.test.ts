import { describe, expect, it, vi } from 'vitest';
import { boot } from '../../../src/loader';
import { installQueueStub, STOREFRONT_METHODS } from '../../../src/queue-stub';

type Holder = { Storefront?: Record<string, (...args: unknown[]) => unknown> & { q?: unknown[][] } };

describe('the queue stub of embed.js', () => {
  it('offers every method of the real API, queues the calls made before the bundle, and the loader replays them in order', async () => {
    const errors = vi.spyOn(console, 'error');
    const holder = window as unknown as Holder;
    // A site's own snippet ran first: `window.Storefront = {q: []}` with a call pushed by hand.
    holder.Storefront = { q: [['openCart']] } as never;
    expect(installQueueStub(holder as never)).toBe(true);
    const stub = holder.Storefront as NonNullable<Holder['Storefront']>;
    const events: unknown[] = [];
    const provider = { getTokens: vi.fn(async () => ({ recaptcha: 'token' })) };
    stub.on?.('login:opened', (detail: unknown) => events.push(detail));
    stub.setCaptchaProvider?.(provider);
    stub.register?.();
    expect(stub.q?.map(([name]) => name)).toEqual(['openCart', 'on', 'setCaptchaProvider', 'register']);
    // A second embed.js on the page keeps the queue.
    expect(installQueueStub(holder as never)).toBe(true);
    expect(holder.Storefront).toBe(stub);

    const script = document.createElement('script');
    script.dataset.clientId = 'demo-client';
    script.dataset.apiBase = 'http://127.0.0.1:4100';
    const booted = boot({ script });
    const api = holder.Storefront as unknown as Record<string, unknown>;
    expect(api).toBe(booted.api);
    // The stub names exactly the real API's methods.
    const methods = Object.keys(api).filter((key) => typeof api[key] === 'function');
    expect([...STOREFRONT_METHODS].sort()).toEqual(methods.sort());
    // Replayed without a failure: the handler is on and heard the modal open, on its register view.
    expect(booted.store.getState().ui).toMatchObject({
      cartOpen: true,
      loginOpen: true,
      loginIntent: { view: 'register' },
    });
    expect(events).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
    // Once the bundle is here, embed.js leaves the real API alone.
    expect(installQueueStub(holder as never)).toBe(false);
    expect(holder.Storefront).toBe(api);
  });
});
