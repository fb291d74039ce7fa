import { loadOnce, retryOnce } from '../../chunks';
import type { BadgeStrings } from '../../i18n/en';
import { OPEN_MENU_EVENT, type WidgetContext, type WidgetModule } from '../../ui/lazy-element';
import { adoptStyles } from '../../ui/styles';
import theme from '../../ui/theme.css?inline';
import { button, h } from './dom';
import type { MemberView } from './member';
import { shellTexts } from './shell-texts';
import styles from './styles.css?inline';

/*
 * The member badge is on the page from the start, so its first paint is plain DOM (no Preact): a sign-in
 * button, or while a member's part downloads (`member.ts`, with her profile), her button's loading state.
 */

/** Whether the focus is in a shadow root (false too where a page's DOM cannot say: a focused element gone). */
function hasFocus(root: ShadowRoot): boolean {
  try {
    return root.activeElement !== null;
  } catch {
    return false;
  }
}

/**
 * What the badge shows, from the store, and a key that changes only when that does: a new slug or community
 * status leaves the badge (and an open menu) alone.
 */
function shownState(
  { session, member }: ReturnType<WidgetContext['store']['getState']>,
  viewLoaded: boolean,
) {
  const key: string | undefined = session.notice?.key;
  const notice = key === 'sessionExpired' || key === 'signInFailed' ? (key as typeof key) : undefined;
  const signedIn = session.role === 'member';
  const loading = member.status === 'loading' && !member.member;
  const { profile, contact } = member.member ?? {};
  const shown = [
    signedIn,
    loading,
    profile?.nickname,
    contact?.firstName,
    profile?.photo?.url,
    notice,
    viewLoaded,
  ];
  return { signedIn, loading, member: member.member, notice, key: JSON.stringify(shown) };
}

/**
 * The badge's parts for what it shows: the sign-in button, or her button (its place while she or the member part
 * loads), and a notice.
 */
function partsOf(
  shown: ReturnType<typeof shownState>,
  view: MemberView | undefined,
  t: BadgeStrings,
  signIn: () => void,
): { parts: HTMLElement[]; trigger?: HTMLButtonElement } {
  const { signedIn, loading, member, notice } = shown;
  const trigger = signedIn && !loading ? view?.trigger(member) : undefined;
  const parts: HTMLElement[] = [
    !signedIn
      ? button({ class: 'sign-in', part: 'sign-in' }, signIn, t.signIn)
      : (trigger ??
        h(
          'span',
          { class: 'trigger loading', part: 'trigger', role: 'status', 'aria-busy': 'true' },
          h('span', { class: 'avatar' }),
          h('span', { class: 'sf-visually-hidden' }, t.loadingMember),
        )),
  ];
  if (notice && view) parts.push(view.notice(notice));
  return trigger ? { parts, trigger } : { parts };
}

/** The badge's styles and theme on its root and host, and its texts: its pack's, with the site's overrides. */
function dress(root: ShadowRoot, host: HTMLElement, config: WidgetContext['config']): BadgeStrings {
  if (config.theme !== 'auto') host.setAttribute('data-theme', config.theme);
  adoptStyles(root, `${theme}\n${styles}`);
  // (The shell's texts in the page's language are in the loader; the member part's are its own.)
  return shellTexts(config);
}

/** The badge, painted at once in the page's language. */
export const mount: WidgetModule['mount'] = (root, host, context: WidgetContext) =>
  mountIn(root, host, context, dress(root, host, context.config));

/** The badge in its texts: painted now and at each change of what it shows. */
function mountIn(root: ShadowRoot, host: HTMLElement, context: WidgetContext, t: BadgeStrings): () => void {
  const { store } = context;
  const box = h('div', { class: 'badge', part: 'root', 'data-sf-widget': 'member-badge' });
  root.replaceChildren(box);
  let view: MemberView | undefined;
  let trigger: HTMLButtonElement | undefined;
  let shown = '';
  /** The member's part, downloaded once (again at the next change after a failed download), then painted. */
  const loadView = loadOnce(() =>
    retryOnce(() => import('./member'))
      .then((code) => code.memberView(root, context))
      .then(
        (member) => {
          view = member;
          shown = '';
          paint();
        },
        (error: unknown) => {
          // Tried again at the store's next change.
          shown = '';
          console.error('[storefront] the member badge could not be loaded:', error);
          throw error;
        },
      ),
  );

  const paint = () => {
    const state = shownState(store.getState(), !!view);
    if (state.key === shown) return;
    shown = state.key;
    // Read before the menu closes: its focused item leaves with it.
    const doc = host.ownerDocument;
    const hadFocus = hasFocus(root) || (focusWhenShown && doc.activeElement === doc.body);
    view?.closeMenu();
    if ((state.signedIn || state.notice) && !view) loadView().catch(() => {});
    const painted = partsOf(state, view, t, () => {
      openedHere = true;
      store.getState().openLogin();
    });
    trigger = painted.trigger;
    box.replaceChildren(...painted.parts);
    if (hadFocus && (trigger || !focusWhenShown)) {
      focusWhenShown = false;
      (trigger ?? (box.querySelector('button') as HTMLElement | null))?.focus();
    }
  };
  // Signed in from the badge's button, which is gone now: once the modal has left, the focus goes to the
  // member's button instead of the page's start.
  let openedHere = false;
  let focusWhenShown = false;
  const afterLogin = (state: { ui: { loginOpen: boolean } }, previous: { ui: { loginOpen: boolean } }) => {
    if (!previous.ui.loginOpen || state.ui.loginOpen || !openedHere) return;
    openedHere = false;
    const doc = host.ownerDocument;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (doc.activeElement && doc.activeElement !== doc.body) return;
        if (trigger?.isConnected) trigger.focus();
        else focusWhenShown = true; // the member is still loading
      }),
    );
  };
  paint();
  const unsubscribe = store.subscribe((state, previous) => {
    paint();
    afterLogin(state, previous);
  });
  // The page's own sign-in button, pressed by a member, opens the menu here.
  const onOpenMenu = () => trigger && void view?.openMenu('first');
  host.addEventListener(OPEN_MENU_EVENT, onOpenMenu);
  return () => {
    host.removeEventListener(OPEN_MENU_EVENT, onOpenMenu);
    unsubscribe();
    view?.closeMenu();
    box.remove();
  };
}
