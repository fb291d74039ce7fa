import en from 'virtual:texts/member.en';
import type { Member } from '../../api/types/members';
import { loadOnce } from '../../chunks';
import type { MemberStrings, MenuStrings } from '../../i18n/en';
import { safeImageUrl } from '../../ui/format';
import { textsDirection, withOverrides } from '../../ui/i18n';
import type { WidgetContext } from '../../ui/lazy-element';
import { adoptStyles } from '../../ui/styles';
import { packTexts, withTexts } from '../texts';
import { button, h } from './dom';
import styles from './member.css?inline';
import { menuTexts } from './menu-texts';
import { initialsOf, nameOf } from './names';

/*
 * The badge's member part, downloaded when a member is signed in or a notice shows (a visitor's first page has
 * only the sign-in button): her button with photo or initials and name, the menu it opens (its own chunk,
 * with floating-ui), and the notices after a failed or expired sign-in.
 */

export interface MemberView {
  /** Her button, which opens the menu; `openMenu` opens it from the page's own sign-in button. */
  trigger(member: Member | null): HTMLButtonElement;
  /** A notice with "Sign in again" and a dismiss button. */
  notice(key: 'sessionExpired' | 'signInFailed'): HTMLElement;
  openMenu(focus: 'first' | 'last'): Promise<void>;
  closeMenu(): void;
}

/** A notice after a failed or expired sign-in, with "Sign in again" and a dismiss button. */
function notice(store: WidgetContext['store'], t: MemberStrings, key: 'sessionExpired' | 'signInFailed') {
  return h(
    'div',
    { class: 'notice', role: 'status', part: 'notice' },
    h('p', {}, t[key]),
    button(
      { class: 'link' },
      () => {
        store.getState().dismissNotice();
        store.getState().openLogin();
      },
      t.signInAgain,
    ),
    button({ class: 'icon', 'aria-label': t.dismiss }, () => store.getState().dismissNotice(), '×'),
  );
}

/**
 * The height of the site's buttons beside the badge, for the badge's own (styles.css: `--_row`, under the
 * site's `--sf-control-height`): the first button or link in the badge's row, among its parent's, else its
 * grandparent's, that is as high as a control (30 to 64 px). Read once, in the frame after the member part
 * arrives, with the page's layout as it is then (one read, no write before it).
 */
export function fitRow(host: Element, box: HTMLElement): void {
  const me = host.getBoundingClientRect();
  for (let row = host.parentElement, up = 0; row && up < 2; row = row.parentElement, up++)
    for (const near of row.querySelectorAll('button, a[href]')) {
      const { top, bottom, height } = near.getBoundingClientRect();
      if (height >= 30 && height <= 64 && top < me.bottom && bottom > me.top) {
        box.style.setProperty('--_row', `${height}px`);
        return;
      }
    }
}

/**
 * The member part's texts in the page's language: English's in this chunk; another language's in a pack of its
 * own, which its language pack names (`../texts.ts`), downloaded after this chunk.
 */
const memberTexts = packTexts<MemberStrings>({ en: async () => ({ default: en }) }, (pack) => pack.member());

/** The member part, once its texts are here, in the page's language with the site's overrides. */
export async function memberView(root: ShadowRoot, context: WidgetContext): Promise<MemberView> {
  const { store, config } = context;
  const t = withOverrides(await memberTexts(config.lang), config.strings);
  root.host.setAttribute('data-texts', textsDirection(config, t));
  adoptStyles(root, styles);
  const box = root.querySelector<HTMLElement>('.badge');
  if (box) requestAnimationFrame(() => fitRow(root.host, box));
  let anchor: HTMLButtonElement | undefined;
  // The menu's code, with its texts beside it.
  const loadMenu = loadOnce(() => withTexts(config.lang, () => import('./menu'), menuTexts));
  let close: (() => void) | undefined;

  const openMenu = async (focus: 'first' | 'last') => {
    const button = anchor;
    if (!button?.isConnected || close) return;
    let code: typeof import('./menu');
    let texts: MenuStrings;
    try {
      code = await loadMenu();
      texts = withOverrides(await menuTexts(config.lang), config.strings);
    } catch (error) {
      // (The next press tries again: a failed download is not kept.)
      console.error('[storefront] the member menu could not be loaded:', error);
      return;
    }
    if (close || button !== anchor || !button.isConnected) return;
    button.setAttribute('aria-expanded', 'true');
    close = code.openMemberMenu({
      root,
      anchor: button,
      context,
      focus,
      t: texts,
      onClose: (returnFocus) => {
        close = undefined;
        button.setAttribute('aria-expanded', 'false');
        if (returnFocus && button.isConnected) button.focus();
      },
    });
  };

  const trigger = (member: Member | null) => {
    const name = nameOf(member, t.member);
    const photo = safeImageUrl(member?.profile?.photo?.url);
    const avatar = photo
      ? h('img', { class: 'avatar', src: photo, alt: '', width: '30', height: '30', part: 'avatar' })
      : // The initials are drawn by CSS, so the button's text (and name) is just the member's name.
        h('span', { class: 'avatar initials', 'data-initials': initialsOf(name), part: 'avatar' });
    const opener = button(
      { class: 'trigger', part: 'trigger', 'aria-haspopup': 'menu', 'aria-expanded': 'false' },
      () => (close ? close() : void openMenu('first')),
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
    anchor = opener;
    return opener;
  };

  return { trigger, notice: (key) => notice(store, t, key), openMenu, closeMenu: () => close?.() };
}
