import { safeImageUrl } from '../../ui/format';
import { languageOf, withOverrides } from '../../ui/i18n';
import { OPEN_MENU_EVENT, type WidgetContext, type WidgetModule } from '../../ui/lazy-element';
import { adoptStyles } from '../../ui/styles';
import theme from '../../ui/theme.css?inline';
import { textsFor, withTexts } from '../texts';
import de from './de';
import en, { type BadgeStrings } from './en';
import type { MenuStrings } from './menu.en';
import { initialsOf, nameOf } from './names';
import styles from './styles.css?inline';

/*
 * The member badge is on the page from the start, so its first paint is plain DOM (no Preact): a sign-in
 * button, or the member's photo or initials and name. The menu's code loads when it first opens.
 */

/** The badge's texts by language, all in the loader: a few texts, shown with its first paint. */
const LANGUAGES: Record<string, BadgeStrings> = { en, de };

/** `h('button', {class: 'x'}, 'text')`: an element with attributes and text children (never HTML). */
function h(tag: string, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  el.append(...children);
  return el;
}

/** A `type="button"` button that calls `onClick` when pressed. */
function button(attrs: Record<string, string>, onClick: () => void, ...children: Array<Node | string>) {
  const el = h('button', { type: 'button', ...attrs }, ...children) as HTMLButtonElement;
  el.addEventListener('click', onClick);
  return el;
}

/** Whether the focus is in a shadow root (false too where a page's DOM cannot say: a focused element gone). */
function hasFocus(root: ShadowRoot): boolean {
  try {
    return root.activeElement !== null;
  } catch {
    return false;
  }
}

export const mount: WidgetModule['mount'] = (root, host, context: WidgetContext) => {
  const { store, config } = context;
  const ownTexts = LANGUAGES[languageOf(LANGUAGES, config.lang) ?? 'en'] as BadgeStrings;
  const t = withOverrides(ownTexts, config.strings);
  if (config.theme !== 'auto') host.setAttribute('data-theme', config.theme);
  adoptStyles(root, `${theme}\n${styles}`);

  const box = h('div', { class: 'badge', part: 'root', 'data-sf-widget': 'member-badge' });
  root.replaceChildren(box);
  let trigger: HTMLButtonElement | undefined;
  let menu: Promise<typeof import('./menu')> | undefined;
  const loadMenu = () => {
    menu ??= withTexts(config.lang, () => import('./menu'));
    return menu;
  };
  let closeMenu: (() => void) | undefined;

  const openMenu = async (focus: 'first' | 'last') => {
    if (!trigger || closeMenu) return;
    const button = trigger;
    let code: typeof import('./menu');
    let texts: MenuStrings;
    try {
      code = await loadMenu();
      texts = await textsFor('menu', config.lang, config.strings);
    } catch (error) {
      // The next press tries again (a failed download is not kept).
      menu = undefined;
      console.error('[storefront] the member menu could not be loaded:', error);
      return;
    }
    if (closeMenu || button !== trigger || !button.isConnected) return;
    button.setAttribute('aria-expanded', 'true');
    closeMenu = code.openMemberMenu({
      root,
      anchor: button,
      context,
      focus,
      t: texts,
      onClose: (returnFocus) => {
        closeMenu = undefined;
        button.setAttribute('aria-expanded', 'false');
        if (returnFocus && button.isConnected) button.focus();
      },
    });
  };

  let shown = '';
  const paint = () => {
    const { session, member } = store.getState();
    const signedIn = session.role === 'member';
    const notice = session.notice;
    const loading = member.status === 'loading' && !member.member;
    // Only what the badge shows: a new slug or community status leaves it (and an open menu) alone.
    const key = JSON.stringify([
      signedIn,
      loading,
      nameOf(member.member, ''),
      member.member?.profile?.photo?.url,
      notice,
    ]);
    if (key === shown) return;
    shown = key;
    // Read before the menu closes: its focused item leaves with it.
    const doc = host.ownerDocument;
    const hadFocus = hasFocus(root) || (focusWhenShown && doc.activeElement === doc.body);
    closeMenu?.();
    trigger = undefined;
    const parts: HTMLElement[] = [];
    if (!signedIn) {
      parts.push(
        button(
          { class: 'sign-in', part: 'sign-in' },
          () => {
            openedHere = true;
            store.getState().openLogin();
          },
          t.signIn,
        ),
      );
    } else if (loading) {
      parts.push(
        h(
          'span',
          { class: 'trigger loading', part: 'trigger', role: 'status', 'aria-busy': 'true' },
          h('span', { class: 'avatar' }),
          h('span', { class: 'sf-visually-hidden' }, t.loadingMember),
        ),
      );
    } else {
      const name = nameOf(member.member, t.member);
      const photo = safeImageUrl(member.member?.profile?.photo?.url);
      const avatar = photo
        ? h('img', { class: 'avatar', src: photo, alt: '', width: '30', height: '30', part: 'avatar' })
        : // The initials are drawn by CSS, so the button's text (and name) is just the member's name.
          h('span', { class: 'avatar initials', 'data-initials': initialsOf(name), part: 'avatar' });
      const opener = button(
        { class: 'trigger', part: 'trigger', 'aria-haspopup': 'menu', 'aria-expanded': 'false' },
        () => (closeMenu ? closeMenu() : void openMenu('first')),
        avatar,
        h('span', { class: 'name', part: 'name' }, name),
        h('span', { class: 'sf-visually-hidden' }, t.accountMenu),
      );
      opener.addEventListener('keydown', (event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          void openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
        }
      });
      // A pointer over the badge starts the menu's download, so a click opens it at once.
      opener.addEventListener('pointerenter', () => void loadMenu(), { once: true });
      trigger = opener;
      parts.push(opener);
    }
    if (notice && (notice.key === 'sessionExpired' || notice.key === 'signInFailed')) {
      parts.push(
        h(
          'div',
          { class: 'notice', role: 'status', part: 'notice' },
          h('p', {}, t[notice.key]),
          button(
            { class: 'link' },
            () => {
              store.getState().dismissNotice();
              store.getState().openLogin();
            },
            t.signInAgain,
          ),
          button({ class: 'icon', 'aria-label': t.dismiss }, () => store.getState().dismissNotice(), '×'),
        ),
      );
    }
    box.replaceChildren(...parts);
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
  const onOpenMenu = () => void openMenu('first');
  host.addEventListener(OPEN_MENU_EVENT, onOpenMenu);
  return () => {
    host.removeEventListener(OPEN_MENU_EVENT, onOpenMenu);
    unsubscribe();
    closeMenu?.();
    box.remove();
  };
};
