import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../src/auth/storage';
import { memberProblemOf } from '../../../src/store/member-actions';
import { SITE_ORIGIN, sessionHarness } from '../../helpers/session';

const PAGE = `${SITE_ORIGIN}/shop`;
const SIMULATED_FAILURE = 'Service temporarily unavailable (simulated by the sandbox failureRate setting)';
const REDIRECT_SESSION = '/_api/redirects-api/v1/redirect-session';

/**
 * The real store on the in-process sandbox with Jane signed in. `offline` makes the platform's calls (not
 * the tokens') fail on the network, as a dropped connection does.
 */
async function signedIn(email = 'jane@example.com', password = 'storefront-demo') {
  const h = sessionHarness();
  const network = { offline: false };
  const navigate = vi.fn();
  const { store, session } = h.storeWith(
    { storage: memoryStorage(), navigate, location: () => PAGE },
    {
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (network.offline && !url.pathname.startsWith('/oauth2/'))
          return Promise.reject(new TypeError('fetch failed'));
        return h.fetch(input, init);
      },
    },
  );
  const result = await session.login({ email, password });
  if (result.loginState !== 'SUCCESS') throw new Error('login failed');
  await session.completeSignIn(result.data.sessionToken);
  await vi.waitFor(() => expect(store.getState().member.member?.loginEmail).toBe(email));
  const id = store.getState().member.member?.id as string;
  const onPlatform = () => h.sandbox.context.state.members.get(id);
  // Only what the actions send: the sign-in's own requests (a redirect session among them) are behind us.
  const signedInAt = h.wire.length;
  const sent = (path: string) => h.wire.slice(signedInAt).filter((r) => r.path.endsWith(path));
  return { h, session, store, navigate, network, id, onPlatform, sent };
}

describe('member actions: the profile address', () => {
  it('saves a free address (trimmed) into the member slice, which subscribers hear', async () => {
    const { store, onPlatform, sent } = await signedIn();
    const heard: Array<string | undefined> = [];
    store.subscribe((state) => heard.push(state.member.member?.profile?.slug));
    expect(await store.getState().saveSlug('  jane-makes-things ')).toBeNull();
    expect(sent('/my/slug').map((r) => r.body)).toEqual([{ slug: 'jane-makes-things' }]);
    expect(store.getState().member).toMatchObject({ status: 'ready' });
    expect(store.getState().member.member?.profile?.slug).toBe('jane-makes-things');
    expect(heard).toEqual(['jane-makes-things']);
    expect(onPlatform()?.profile?.slug).toBe('jane-makes-things');
  });

  it('says an address is taken (409), with the address, and keeps hers', async () => {
    const { store, onPlatform } = await signedIn();
    expect(await store.getState().saveSlug('marcus')).toEqual({ key: 'slugTaken', detail: 'marcus' });
    expect(store.getState().member.member?.profile?.slug).toBe('jane');
    expect(onPlatform()?.profile?.slug).toBe('jane');
  });

  it('says an address breaks the rules (400), with the address', async () => {
    const { store } = await signedIn();
    expect(await store.getState().saveSlug('Jane Doe!')).toEqual({ key: 'slugInvalid', detail: 'Jane Doe!' });
    expect(store.getState().member.member?.profile?.slug).toBe('jane');
  });

  it('asks for an address when there is none, without asking the platform', async () => {
    const { store, sent } = await signedIn();
    expect(await store.getState().saveSlug('   ')).toEqual({ key: 'slugEmpty' });
    expect(sent('/my/slug')).toEqual([]);
  });

  it('says the shop cannot be reached when the network fails, and changes nothing', async () => {
    const { store, network } = await signedIn();
    network.offline = true;
    expect(await store.getState().saveSlug('jane-offline')).toEqual({ key: 'networkError' });
    expect(store.getState().member.member?.profile?.slug).toBe('jane');
  });

  it('passes on the platform’s own words for any other refusal', async () => {
    const { h, store } = await signedIn();
    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 1 } });
    expect(await store.getState().saveSlug('jane-2')).toEqual({ key: 'refused', detail: SIMULATED_FAILURE });
  });
});

describe('member actions: the community', () => {
  it('leaves and joins: the member slice and the platform follow', async () => {
    const { store, onPlatform, sent } = await signedIn();
    expect(store.getState().member.member?.privacyStatus).toBe('PUBLIC');
    expect(await store.getState().setCommunity(false)).toBeNull();
    expect(sent('/leave-community')).toHaveLength(1);
    expect(store.getState().member.member?.privacyStatus).toBe('PRIVATE');
    expect(onPlatform()?.privacyStatus).toBe('PRIVATE');

    expect(await store.getState().setCommunity(true)).toBeNull();
    expect(sent('/join-community')).toHaveLength(1);
    expect(store.getState().member.member?.privacyStatus).toBe('PUBLIC');
    expect(onPlatform()?.privacyStatus).toBe('PUBLIC');
  });

  it('keeps the member as it was when the network fails', async () => {
    const { store, network } = await signedIn();
    network.offline = true;
    expect(await store.getState().setCommunity(false)).toEqual({ key: 'networkError' });
    expect(store.getState().member.member?.privacyStatus).toBe('PUBLIC');
  });
});

describe('member actions: deleting the account', () => {
  it('deletes her on the platform and signs out here only: no logout page, no navigation', async () => {
    const { h, store, session, navigate, id, sent } = await signedIn();
    expect(await store.getState().deleteAccount()).toBeNull();
    expect(sent('/members/v1/members/my').filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(h.sandbox.context.state.members.has(id)).toBe(false);
    expect(session.role()).toBe('none');
    expect(store.getState().member).toEqual({ status: 'none', member: null });
    expect(store.getState().session.notice).toBeNull();
    expect(sent(REDIRECT_SESSION)).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps her signed in when the platform refuses', async () => {
    const { h, store, session, id } = await signedIn();
    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 1 } });
    expect(await store.getState().deleteAccount()).toEqual({ key: 'refused', detail: SIMULATED_FAILURE });
    await h.call('PATCH', '/_sandbox/settings', { body: { failureRate: 0 } });
    expect(h.sandbox.context.state.members.has(id)).toBe(true);
    expect(session.role()).toBe('member');
  });
});

describe('member actions: account sections', () => {
  it('sends the browser to the section through deps.navigate, and does nothing else', async () => {
    const { h, store, navigate, sent } = await signedIn();
    const before = store.getState();
    const wireBefore = h.wire.length;
    expect(await store.getState().openAccountSection('ORDERS')).toBeNull();
    expect(h.wire.slice(wireBefore).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST ${REDIRECT_SESSION}`,
    ]);
    expect(sent(REDIRECT_SESSION).map((r) => r.body)).toEqual([
      { membersAccount: { section: 'ORDERS' }, callbacks: { postFlowUrl: PAGE } },
    ]);
    expect(navigate).toHaveBeenCalledTimes(1);
    const url = new URL(navigate.mock.calls[0]?.[0] as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://sandbox.test/_hosted/account');
    const stored = h.sandbox.context.state.redirectSessions.get(url.searchParams.get('session') ?? '');
    expect(stored?.intent).toBe('membersAccount');
    // The store itself is as it was: the page is about to leave.
    expect(store.getState().member).toBe(before.member);
    expect(store.getState().session).toBe(before.session);
  });

  it('navigates nowhere when the platform cannot be reached', async () => {
    const { store, navigate, network } = await signedIn();
    network.offline = true;
    expect(await store.getState().openAccountSection('BOOKINGS')).toEqual({ key: 'networkError' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('memberProblemOf', () => {
  it('names a failure that is no platform error by its message', () => {
    expect(memberProblemOf(new Error('boom'))).toEqual({ key: 'failed', detail: 'Error: boom' });
    expect(memberProblemOf(new TypeError('Failed to fetch'))).toEqual({ key: 'networkError' });
  });
});
