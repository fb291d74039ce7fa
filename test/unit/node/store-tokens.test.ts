import { describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBER } from '../../../sandbox/seed';
import { localLock } from '../../../src/auth/lock';
import { RENEWAL_HANDOVER_MS } from '../../../src/auth/session';
import { type KeyValueStorage, memoryStorage } from '../../../src/auth/storage';
import type { StorefrontEvents } from '../../../src/store/store';
import { sessionHarness } from '../../helpers/session';

/**
 * Tabs of one origin: writes reach the browser's storage at once, but another tab sees them only when the
 * test delivers them (`sync`), as browsers deliver localStorage changes to other tabs: asynchronously, with a
 * storage event.
 */
function tabsStorage() {
  const shared = new Map<string, string>();
  return () => {
    const seen = new Map(shared);
    const storage: KeyValueStorage = {
      get: (key) => seen.get(key) ?? null,
      set: (key, value) => {
        seen.set(key, value);
        shared.set(key, value);
      },
      remove: (key) => {
        seen.delete(key);
        shared.delete(key);
      },
    };
    const sync = () => {
      seen.clear();
      for (const [key, value] of shared) seen.set(key, value);
    };
    return { storage, sync };
  };
}

async function signInJane(session: {
  login(p: { email: string; password: string }): Promise<{ loginState: string; data?: unknown }>;
  completeSignIn(token: string): Promise<unknown>;
}) {
  const result = await session.login({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
  if (result.loginState !== 'SUCCESS') throw new Error(result.loginState);
  await session.completeSignIn((result.data as { sessionToken: string }).sessionToken);
}

describe('the store owns the tokens (zustand persist)', () => {
  it('an upgrade keeps a member signed in: the store reads the token pair today’s key holds', async () => {
    const h = sessionHarness();
    // An earlier version's page: the session kept its tokens under `tokens` itself.
    await signInJane(h.session);
    const stored = h.storage.get('tokens');
    expect(JSON.parse(stored as string).refreshToken.role).toBe('member');
    const before = h.tokenRequests().length;

    const { store, session } = h.storeWith();
    expect(store.getState().session).toMatchObject({
      role: 'member',
      tokens: JSON.parse(stored as string),
    });
    expect(store.getState().member.status).toBe('loading');
    await store.getState().start();
    expect(store.getState().member.member?.loginEmail).toBe(DEMO_MEMBER.email);
    expect(h.tokenRequests().length).toBe(before);
    expect(session.getTokens()).toBe(store.getState().session.tokens);
  });

  it('writes the token pair as the earlier versions did (no persist envelope), and only when it changed', async () => {
    const h = sessionHarness();
    const writes: string[] = [];
    const storage = memoryStorage();
    const counted: KeyValueStorage = {
      ...storage,
      set: (key, value) => {
        writes.push(key);
        storage.set(key, value);
      },
    };
    const { store, session } = h.storeWith({ storage: counted });
    await session.ensureTokens();
    const raw = JSON.parse(storage.get('tokens') as string);
    expect(raw).toEqual(store.getState().session.tokens);
    expect(raw).not.toHaveProperty('state');
    expect(raw.refreshToken.role).toBe('visitor');
    const tokenWrites = writes.filter((key) => key === 'tokens').length;
    store.getState().openCart();
    store.getState().closeCart();
    expect(writes.filter((key) => key === 'tokens').length).toBe(tokenWrites);
  });

  it('an unrelated change in a tab does not put back tokens another tab has replaced since', async () => {
    const h = sessionHarness();
    const storage = memoryStorage();
    const tabA = h.storeWith({ storage });
    const tabB = h.storeWith({ storage });
    await tabA.session.ensureTokens();
    tabB.session.reload();
    await signInJane(tabA.session);
    const signedIn = storage.get('tokens');
    expect(JSON.parse(signedIn as string).refreshToken.role).toBe('member');
    // Tab B has not had the storage event yet, and its store changes (a drawer opens).
    expect(tabB.store.getState().session.role).toBe('visitor');
    tabB.store.getState().openCart();
    expect(storage.get('tokens')).toBe(signedIn);
  });

  it('a tab that has no tokens yet does not wipe the ones another tab stored since', async () => {
    const h = sessionHarness();
    const storage = memoryStorage();
    const tabA = h.storeWith({ storage });
    const tabB = h.storeWith({ storage });
    await tabA.session.ensureTokens();
    const stored = storage.get('tokens');
    tabB.store.getState().openCart();
    tabB.store.getState().closeCart();
    expect(storage.get('tokens')).toBe(stored);
  });

  it('takes another tab’s sign-in on the storage event: member signed in, cart reloaded', async () => {
    const h = sessionHarness();
    const storage = memoryStorage();
    const events: Array<keyof StorefrontEvents> = [];
    const tabA = h.storeWith({ storage });
    const tabB = h.storeWith({ storage, emit: (name) => events.push(name) });
    await tabA.session.ensureTokens();
    tabB.session.reload();
    await signInJane(tabA.session);
    tabB.session.reload();
    expect(tabB.store.getState().session.role).toBe('member');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await tabB.store.getState().loadMember();
    expect(events).toContain('member:signedIn');
    expect(tabB.store.getState().member.member?.loginEmail).toBe(DEMO_MEMBER.email);
  });
});

describe('one renewal across tabs', () => {
  /** Two tabs at expiry, one lock between them, each seeing the other's writes only when delivered. */
  async function twoTabsAtExpiry() {
    const h = sessionHarness();
    const lock = localLock();
    const tab = tabsStorage();
    const viewA = tab();
    const viewB = tab();
    const a = h.storeWith({ storage: viewA.storage }, { lock, storage: viewA.storage });
    const b = h.storeWith({ storage: viewB.storage }, { lock, storage: viewB.storage });
    await a.session.ensureTokens();
    viewB.sync();
    b.session.reload();
    h.clock.advance(14_400_000);
    return { h, a, b, viewB };
  }

  it('the tab that waited for the lock takes the other’s renewed tokens when they reach it, not renewing again', async () => {
    const { h, a, b, viewB } = await twoTabsAtExpiry();
    const before = h.tokenRequests().length;
    const fromA = a.session.getAuthorization();
    const fromB = b.session.getAuthorization();
    const tokenA = await fromA;
    // The lock is B's now, but A's tokens have not reached B's storage yet: B waits for them.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.tokenRequests().length - before).toBe(1);
    viewB.sync();
    b.session.reload(); // the storage event
    expect(await fromB).toBe(tokenA);
    expect(h.tokenRequests().length - before).toBe(1);
    expect(b.store.getState().session.tokens.accessToken.value).toBe(tokenA);
  });

  it('after waiting, gives up on the handover after RENEWAL_HANDOVER_MS and renews', async () => {
    const { h, a, b } = await twoTabsAtExpiry();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = h.tokenRequests().length;
      const fromA = a.session.getAuthorization();
      const fromB = b.session.getAuthorization();
      await fromA;
      await vi.advanceTimersByTimeAsync(RENEWAL_HANDOVER_MS - 1);
      // Nothing reached B: it still waits, and no second renewal has left.
      expect(h.tokenRequests().length - before).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await fromB).toBeTruthy();
      expect(h.tokenRequests().length - before).toBe(2);
      expect(b.store.getState().session.tokens.accessToken.expiresAt).toBeGreaterThan(h.clock.now() / 1000);
    } finally {
      vi.useRealTimers();
    }
  });
});
