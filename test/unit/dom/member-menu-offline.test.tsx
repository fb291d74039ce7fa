// @vitest-environment-options {"url": "http://localhost:4000/shop"}
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_MEMBER } from '../../../sandbox/seed';
import { RETRY_DELAY_MS } from '../../../src/chunks';
import * as memberBadge from '../../../src/widgets/member-badge/index';
import { MENU_PACKS } from '../../../src/widgets/member-badge/menu-texts';
import {
  CHUNK_TIMEOUT_MS,
  importChunks,
  type MountedWidget,
  mountWidget,
  settle,
  signInMember,
  withinShadow,
} from '../../helpers/widget';

// Its own file: no widget here has loaded the menu's texts before, so their download (`MENU_PACKS.en`,
// replaced below) can fail. The menu's code and the texts' module are here already: the tests wait for the
// menu, not for vitest loading them.
beforeAll(() => importChunks('memberPart', 'menu', 'memberActions', 'menuEn'), CHUNK_TIMEOUT_MS);

let fx: MountedWidget | undefined;
afterEach(() => {
  fx?.cleanup();
  vi.restoreAllMocks();
});

describe('member menu: its texts cannot be downloaded', () => {
  it('says so on the console, opens nothing, and opens on the next press once they can be', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    // The texts' second try comes after a pause, on the fake clock: moved on at each look for what it did.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const english = MENU_PACKS.en;
    let offline = true;
    MENU_PACKS.en = () => (offline ? Promise.reject(new TypeError('Failed to fetch')) : english());
    try {
      const f = mountWidget(memberBadge, { tag: 'sf-member-badge', site: 'http://localhost:4000/shop' });
      fx = f;
      await signInMember(f, DEMO_MEMBER.email);
      // The badge paints the member once she is read (then its button stays the same element).
      await vi.waitFor(() => expect(f.store.getState().member.status).toBe('ready'), { timeout: 10_000 });
      const button = await withinShadow(f.root).findByRole<HTMLButtonElement>('button', {
        name: /account menu/,
      });

      button.click();
      await vi.waitFor(() => {
        vi.advanceTimersByTime(RETRY_DELAY_MS);
        expect(errors).toHaveBeenCalledWith(
          '[storefront] the member menu could not be loaded:',
          expect.anything(),
        );
      });
      await settle();
      expect(withinShadow(f.root).queryByRole('menu')).toBeNull();
      expect(button.getAttribute('aria-expanded')).toBe('false');

      offline = false;
      button.click();
      await vi.waitFor(() => expect(withinShadow(f.root).queryByRole('menu')).not.toBeNull());
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
      MENU_PACKS.en = english;
      vi.useRealTimers();
    }
  });
});
