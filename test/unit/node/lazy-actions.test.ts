import { describe, expect, it } from 'vitest';
import { loadOnce } from '../../../src/chunks';
import { lazyActions } from '../../../src/store/lazy-actions';

describe('loadOnce', () => {
  it('downloads once for every caller, and again after a failed download', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls++;
      if (fail) throw new TypeError('Failed to fetch');
      return { ok: true };
    });
    await expect(Promise.all([load(), load()])).rejects.toThrow('Failed to fetch');
    expect(calls).toBe(1);
    fail = false;
    expect(await load()).toEqual({ ok: true });
    expect(await load()).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});

describe('lazyActions', () => {
  it('answers offline for an action whose code cannot be downloaded, and downloads it on a later call', async () => {
    let fail = true;
    const actions = lazyActions(
      async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return { greet: (name: string) => `hello ${name}`, other: () => 1 };
      },
      ['greet', 'other'],
      { greet: 'offline' },
    );
    expect(await actions.greet('Jane')).toBe('offline');
    await expect(actions.other()).rejects.toThrow('Failed to fetch');
    fail = false;
    expect(await actions.greet('Jane')).toBe('hello Jane');
    // Once here, an action runs at once (not a promise of its answer).
    expect(actions.greet('Joe')).toBe('hello Joe');
  });
});
