import { describe, expect, it, vi } from 'vitest';
import { installQueueStub } from '../../../src/queue-stub';

describe('the queue stub on a page whose window.Storefront is someone else’s', () => {
  it('says so on the console and takes the name over, instead of leaving the page without widgets', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const holder = window as unknown as { Storefront?: Record<string, unknown> };
    holder.Storefront = { loaded: true, version: 'another script' };
    expect(installQueueStub(holder as never)).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('replacing a window.Storefront set by another script'),
    );
    expect(holder.Storefront.loaded).toBeUndefined();
    expect(typeof holder.Storefront.openCart).toBe('function');
    (holder.Storefront.openCart as () => void)();
    expect(holder.Storefront.q).toEqual([['openCart']]);
    warn.mockRestore();
  });

  it('leaves the storefront’s own loaded API alone', () => {
    const holder = window as unknown as { Storefront?: Record<string, unknown> };
    const api = { loaded: true, getState: () => ({}) };
    holder.Storefront = api;
    expect(installQueueStub(holder as never)).toBe(false);
    expect(holder.Storefront).toBe(api);
  });
});
