import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { localLock, webLock } from '../../../src/auth/lock';
import { challengeOf, createOAuthData, createVerifier, randomUnreserved } from '../../../src/auth/pkce';
import { memoryStorage, storageNamespace, webStorage } from '../../../src/auth/storage';

describe('PKCE', () => {
  it('makes verifiers of 43 characters by default, up to 128, of unreserved characters', () => {
    expect(createVerifier()).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    expect(createVerifier(128)).toHaveLength(128);
    expect(createVerifier(43)).not.toBe(createVerifier(43));
  });

  it('refuses other lengths with the specified message', () => {
    for (const length of [42, 129, 0, 50.5]) {
      expect(() => createVerifier(length)).toThrow('Expected a length between 43 and 128');
    }
  });

  it('computes the S256 challenge: base64url(SHA-256(verifier)) without padding', async () => {
    for (const verifier of [createVerifier(), createVerifier(128), 'A'.repeat(43)]) {
      const expected = createHash('sha256').update(verifier).digest('base64url');
      expect(await challengeOf(verifier)).toBe(expected);
      expect(expected).not.toContain('=');
    }
  });

  it('draws characters without modulo bias (bytes of 198 and more are drawn again)', () => {
    const bytes = [255, 198, 0, 65, 197];
    const text = randomUnreserved(3, (n) => Uint8Array.from(bytes.splice(0, n)));
    expect(text).toBe('A~~');
  });

  it('keeps the verifier, its challenge, a state and the redirect in OAuth data', async () => {
    const data = await createOAuthData({
      redirectUri: 'http://localhost:4000/callback',
      originalUri: '/cart',
    });
    expect(data.codeChallenge).toBe(await challengeOf(data.codeVerifier));
    expect(data.state).toMatch(/^[A-Za-z0-9\-._~]{43}$/);
    expect(data.state).not.toBe(data.codeVerifier);
    expect(data).toMatchObject({ redirectUri: 'http://localhost:4000/callback', originalUri: '/cart' });
  });
});

describe('storage', () => {
  it('namespaces keys by client id in Web Storage', () => {
    const backing = new Map<string, string>();
    const fake = {
      getItem: (k: string) => backing.get(k) ?? null,
      setItem: (k: string, v: string) => void backing.set(k, v),
      removeItem: (k: string) => void backing.delete(k),
    } as unknown as Storage;
    const store = webStorage(() => fake, storageNamespace('demo-client'));
    store.set('tokens', 'x');
    expect(backing.get('sf:demo-client:tokens')).toBe('x');
    expect(store.get('tokens')).toBe('x');
    store.remove('tokens');
    expect(backing.size).toBe(0);
  });

  it('falls back to memory with a warning when the browser refuses storage', () => {
    const warn = vi.fn();
    const store = webStorage(
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
      'sf:x',
      warn,
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('kept in memory'));
    store.set('a', '1');
    expect(store.get('a')).toBe('1');
  });

  it('memory storage keeps and forgets values', () => {
    const store = memoryStorage({ a: '1' });
    expect(store.get('a')).toBe('1');
    store.remove('a');
    expect(store.get('a')).toBeNull();
  });
});

describe('locks', () => {
  it('runs work under one name one at a time, and different names in parallel', async () => {
    const lock = localLock();
    const order: string[] = [];
    let release: () => void = () => {};
    const first = lock.run(
      'a',
      () =>
        new Promise<void>((r) => {
          release = () => {
            order.push('a1');
            r();
          };
        }),
    );
    const second = lock.run('a', async () => void order.push('a2'));
    const other = lock.run('b', async () => void order.push('b'));
    await other;
    expect(order).toEqual(['b']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['b', 'a1', 'a2']);
  });

  it('goes on after a failed holder', async () => {
    const lock = localLock();
    await expect(lock.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(lock.run('a', async () => 'next')).resolves.toBe('next');
  });

  it('uses Web Locks when the browser has them, and tells the work whether another holder had it first', async () => {
    // Web Locks as browsers grant them: in order of request; `ifAvailable` gets null while the lock is held.
    let held = false;
    const queue: Array<() => void> = [];
    const grant = async <T>(callback: (lock: unknown) => Promise<T>): Promise<T> => {
      if (held) await new Promise<void>((resolve) => queue.push(resolve));
      held = true;
      try {
        return await callback({});
      } finally {
        held = false;
        queue.shift()?.();
      }
    };
    const request = vi.fn(
      (
        _name: string,
        ...args: [(lock: unknown) => Promise<unknown>] | [object, (lock: unknown) => Promise<unknown>]
      ) => {
        const callback = args.length === 1 ? args[0] : args[1];
        if (args.length === 2 && held) return callback(null);
        return grant(callback);
      },
    );
    const lock = webLock({ request } as never);
    let release = () => {};
    const first = lock.run('sf:renew', async (waited) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return waited;
    });
    const second = lock.run('sf:renew', async (waited) => waited);
    release();
    expect([await first, await second]).toEqual([false, true]);
    expect(request).toHaveBeenCalledWith('sf:renew', { ifAvailable: true }, expect.any(Function));
  });

  it('a lock for this page tells the work whether it waited', async () => {
    const lock = localLock();
    const waits = await Promise.all([lock.run('a', async (w) => w), lock.run('a', async (w) => w)]);
    expect(waits).toEqual([false, true]);
    expect(await lock.run('a', async (w) => w)).toBe(false);
  });
});
