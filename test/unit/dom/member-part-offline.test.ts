// @vitest-environment-options {"url": "http://localhost:4000/shop"}
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBER } from '../../../sandbox/seed';
import { RETRY_DELAY_MS } from '../../../src/chunks';
import * as memberBadge from '../../../src/widgets/member-badge/index';
import {
  CHUNK_TIMEOUT_MS,
  importChunks,
  type MountedWidget,
  mountWidget,
  signInMember,
  withinShadow,
} from '../../helpers/widget';

// Its own file: the badge's member part (`member.ts`, its own chunk) cannot be downloaded until `offline` is
// false. (A failed import is not kept: the next `import()` asks the module mock again, as a page asks again.)
let offline = true;
vi.mock('../../../src/widgets/member-badge/member', async (importOriginal) => {
  if (offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

beforeAll(() => importChunks('textsEn'), CHUNK_TIMEOUT_MS);

let fx: MountedWidget | undefined;
afterEach(() => {
  fx?.cleanup();
  vi.restoreAllMocks();
});

describe('member badge: its member part cannot be downloaded', () => {
  it('shows her as loading, says so on the console, and shows her button at the next change once it can be', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The member part's second try comes after a pause, on the fake clock: moved on at each look for what it did.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const f = mountWidget(memberBadge, { tag: 'sf-member-badge', site: 'http://localhost:4000/shop' });
      fx = f;
      await signInMember(f, DEMO_MEMBER.email);
      await vi.waitFor(
        () => {
          vi.advanceTimersByTime(RETRY_DELAY_MS);
          expect(errors).toHaveBeenCalledWith(
            '[storefront] the member badge could not be loaded:',
            expect.anything(),
          );
        },
        { timeout: CHUNK_TIMEOUT_MS },
      );
      await vi.waitFor(() => expect(f.store.getState().member.status).toBe('ready'), { timeout: 10_000 });
      expect(withinShadow(f.root).getByRole('status').textContent).toContain('Loading your account');

      offline = false;
      // The next change the badge shows (her name here) downloads it again.
      f.store.setState((s) => ({
        member: { ...s.member, member: { ...s.member.member, profile: { nickname: 'Jane D.' } } },
      }));
      const button = await vi.waitFor(
        () => withinShadow(f.root).getByRole('button', { name: /account menu/ }),
        {
          timeout: CHUNK_TIMEOUT_MS,
        },
      );
      expect(button.textContent).toContain('Jane D.');
    } finally {
      vi.useRealTimers();
      offline = true;
    }
  });
});
