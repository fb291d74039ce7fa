import {
  createElement,
  Fragment,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { useStore } from 'zustand';
import type { MembersAccountSection } from '../../api/types/enums';
import type { Member } from '../../api/types/members';
import { loadOnce } from '../../chunks';
import type { MenuStrings } from '../../i18n/en';
import type { Storefront } from '../../store/store';
import type { MemberProblem } from '../../store/types';
import { Button } from '../../ui/button';
import controls from '../../ui/controls.css?inline';
import { fill } from '../../ui/i18n';
import type { WidgetContext } from '../../ui/lazy-element';
import { adoptStyles } from '../../ui/styles';
import styles from './menu.css?inline';
import { GAP_PX, type Place, VIEWPORT_PADDING_PX } from './menu-room';
import { nameOf } from './names';

export type { MenuStrings };

const SECTIONS: MembersAccountSection[] = ['ACCOUNT_INFO', 'ORDERS', 'SUBSCRIPTIONS', 'BOOKINGS', 'EVENTS'];

/** A section as a site names it: `account`, `orders`, `subscriptions`, `bookings`, `events`. */
const nameOfSection = (section: MembersAccountSection) => section.split('_')[0]?.toLowerCase() ?? '';

/**
 * The sections a site lists (`data-account-sections="orders bookings"`), in the platform's order; a name the
 * platform has no section for (`wallet`) is said on the console and left out. Without the attribute, the
 * shop's own: account and orders. `community` is not a section: it offers the member to join (or leave) the
 * site's community, for a site that has one.
 */
function accountSections(names = 'account orders'): MembersAccountSection[] {
  const wanted = names.toLowerCase().split(/\s+/).filter(Boolean);
  for (const name of wanted)
    if (name !== 'community' && !SECTIONS.some((section) => nameOfSection(section) === name))
      console.error(
        `[storefront] data-account-sections: "${name}" is not one of ${SECTIONS.map(nameOfSection).join(', ')}; left out`,
      );
  return SECTIONS.filter((section) => wanted.includes(nameOfSection(section)));
}

type View = 'menu' | 'slug' | 'delete';

interface MenuProps {
  context: WidgetContext;
  anchor: HTMLElement;
  focus: 'first' | 'last';
  close: (returnFocus: boolean) => void;
  t: MenuStrings;
}

interface Entry {
  key: string;
  label: string;
  select: () => void;
  danger?: boolean;
}

/**
 * What the menu's views share: its texts, store and member, the id their parts' ids start with, the view
 * shown, and the action on its way with its outcome.
 */
interface MenuState {
  t: MenuStrings;
  store: Storefront;
  member: Member | null;
  /** The account sections the site lists. */
  sections: MembersAccountSection[];
  /** Whether the site lists `community`: the member may join or leave it. */
  community: boolean;
  id: string;
  view: View;
  /** The key of the action on its way. */
  busy: string | null;
  problem: MemberProblem | null;
  status: string;
  setStatus: (status: string) => void;
  /** Runs a store action (sign-out returns no problem at all); its problem is shown, else `done` follows. */
  act: (
    key: string,
    work: () => Promise<MemberProblem | null> | Promise<void>,
    done?: () => void,
  ) => Promise<void>;
  /** Goes to another view, leaving the last one's problem behind. */
  show: (view: View) => void;
}

/** A problem from the store in the member's words. */
function problemText(problem: MemberProblem, t: MenuStrings): string {
  const detail = problem.detail ?? '';
  // A refusal in the platform's own words (its message is already for people).
  return problem.key === 'refused' ? detail : fill(t[problem.key], { slug: detail, message: detail });
}

/**
 * Typeahead on the start of any word of an item, not only its first: five items begin "My …" ("Meine …"),
 * so "o" reaches "My orders" and "b" "Meine Bestellungen". `list` starts after the item with the focus.
 */
const wordStartMatch = (list: Array<string | null>, typed: string) => {
  const wanted = typed.toLocaleLowerCase();
  return list.find((label) => {
    const text = label?.toLocaleLowerCase() ?? '';
    return text.startsWith(wanted) || text.includes(` ${wanted}`);
  });
};

/** Keeps Tab and Shift+Tab inside a form: from its last control to its first, and back. */
function keepTabIn(event: KeyboardEvent, box: HTMLElement) {
  const all = box.querySelectorAll<HTMLElement>('input, button');
  const active = (box.getRootNode() as ShadowRoot | Document).activeElement;
  const [from, to] = event.shiftKey ? [all[0], all[all.length - 1]] : [all[all.length - 1], all[0]];
  if (active === from || !box.contains(active)) {
    event.preventDefault();
    to?.focus();
  }
}

/** The menu's state: the member, the view shown, and the action on its way with its outcome. */
function useMenuState({ store, config }: WidgetContext, t: MenuStrings): MenuState {
  const member = useStore(store, (s) => s.member.member);
  const [sections] = useState(() => accountSections(config.accountSections));
  const community = /(^|\s)community(\s|$)/i.test(config.accountSections ?? '');
  const [view, setView] = useState<View>('menu');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<MemberProblem | null>(null);
  const [status, setStatus] = useState('');
  const id = useId();

  async function act(
    key: string,
    work: () => Promise<MemberProblem | null> | Promise<void>,
    done?: () => void,
  ) {
    if (busy) return;
    setBusy(key);
    setProblem(null);
    setStatus('');
    try {
      const failed = await work();
      if (failed) setProblem(failed);
      else done?.();
    } catch (error) {
      setProblem({ key: 'failed', detail: String(error) });
    } finally {
      setBusy(null);
    }
  }

  const show = (next: View) => {
    setProblem(null);
    setView(next);
  };
  return { t, store, member, sections, community, id, view, busy, problem, status, setStatus, act, show };
}

/** The items: the account sections a site lists, the profile address, the community, sign out and delete. */
function menuEntries(m: MenuState): Entry[] {
  const { t, store, act, show } = m;
  return [
    ...m.sections.map((section) => ({
      key: section,
      label: t[section],
      select: () => void act(section, () => store.getState().openAccountSection(section)),
    })),
    { key: 'slug', label: t.editSlug, select: () => show('slug') },
    ...communityEntry(m),
    {
      key: 'signOut',
      label: t.signOut,
      select: () => void act('signOut', () => store.getState().signOut()),
    },
    { key: 'delete', label: t.deleteAccount, select: () => show('delete'), danger: true },
  ];
}

/** Join or leave the site's community: for a site that lists `community` in its account sections. */
function communityEntry(m: MenuState): Entry[] {
  const { t, store, act } = m;
  const joined = m.member?.privacyStatus === 'PUBLIC';
  return m.community
    ? [
        {
          key: 'community',
          label: joined ? t.leave : t.join,
          select: () =>
            void act(
              'community',
              () => store.getState().setCommunity(!joined),
              () => m.setStatus(joined ? t.left : t.joined),
            ),
        },
      ]
    : [];
}

/** The button's anchor name, for the panel's CSS (menu.css) in the shadow root they share. */
const ANCHOR = '--sf-menu-button';

/**
 * Whether the browser places the panel itself, by CSS anchor positioning (Chrome 125, Safari 26, Firefox 147):
 * the panel's CSS says where (menu.css, `[data-anchored]`), and floating-ui's code is never downloaded.
 */
const anchoredByCss = () =>
  typeof CSS !== 'undefined' &&
  CSS.supports('position-area', 'self-block-end span-self-inline-start') &&
  CSS.supports('position-try', '--a flip-block');

/**
 * Under the button, its end at the button's end (its start at the button's start when its end there would
 * leave the viewport); above it when it does not fit below and there is more room there; `VIEWPORT_PADDING_PX`
 * inside the viewport, and no taller than the room it has (it scrolls inside then). Kept there while the page
 * scrolls or resizes. The browser does it where it has CSS anchor positioning; elsewhere floating-ui does,
 * its code (`./menu-place.ts`) downloaded as the menu first opens (4.4 KB gzip: floating-ui's
 * `computePosition`, with a middleware of its own for these ways the menu moves).
 */
function useMenuPosition(anchor: HTMLElement) {
  const panel = useRef<HTMLDivElement | null>(null);
  const [anchored] = useState(anchoredByCss);
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const floating = panel.current;
    if (!floating) return;
    if (anchored) {
      anchor.style.setProperty('anchor-name', ANCHOR);
      return () => anchor.style.removeProperty('anchor-name');
    }
    let live = true;
    let stop: (() => void) | undefined;
    // Placed in a task of its own, right after the task of the render that made it (a 0 ms timer; until then
    // the panel is hidden): the layout floating-ui reads and the focus it lets move, with a first open's render
    // (its code run for the first time), made one task of over 80 ms at 4× CPU slowdown (issue 26).
    const timer = setTimeout(() =>
      placing().then(
        ({ follow }) => {
          // Committed at once, as the position it is measured for (a scroll's next frame may move it again).
          if (live) stop = follow(anchor, floating, (next) => live && flushSync(() => setPlace(next)));
        },
        (error: unknown) => console.error('[storefront] the member menu could not be placed:', error),
      ),
    );
    return () => {
      live = false;
      clearTimeout(timer);
      stop?.();
    };
  }, [anchor, anchored]);
  if (anchored) return { panel, anchored, isPositioned: true, style: undefined };
  // The panel scrolls inside itself within the room on the side chosen: below the button, down to the
  // viewport's bottom edge (in CSS, so it follows a resize at once); above it, up to the top edge.
  const maxHeight = place?.placement.startsWith('top')
    ? Math.max(0, anchor.getBoundingClientRect().top - GAP_PX - VIEWPORT_PADDING_PX)
    : `calc(100dvh - ${Math.round(place?.y ?? 0) + VIEWPORT_PADDING_PX}px)`;
  return {
    panel,
    anchored,
    isPositioned: place !== null,
    // `left`/`top`, not a transform: the panel's entrance animation moves it with a transform.
    style: {
      position: 'fixed' as const,
      left: place?.x ?? 0,
      top: place?.y ?? 0,
      maxHeight,
      visibility: place ? undefined : ('hidden' as const),
    },
  };
}

/** floating-ui's placement, downloaded once, by a browser without CSS anchor positioning. */
const placing = loadOnce(() => import('./menu-place'));

/**
 * A press outside the panel and its button closes the menu and leaves the focus where the press put it;
 * Escape in the menu view closes it and gives the focus back to the button (in the address form and the
 * confirmation, Escape goes back to the menu instead: the panel's `onKey`, which stops it there). A press on
 * the button is the button's to handle (it closes the menu). The press is heard as it starts (capture), as
 * floating-ui's `useDismiss` does, so a page's handler that stops it does not keep the menu open.
 */
function useDismissal(
  anchor: HTMLElement,
  panel: RefObject<HTMLElement | null>,
  close: MenuProps['close'],
  escapeCloses: boolean,
) {
  const latest = useRef({ close, escapeCloses });
  latest.current = { close, escapeCloses };
  useEffect(() => {
    const doc = anchor.ownerDocument;
    const onPress = (event: Event) => {
      const path = event.composedPath();
      if (!path.includes(anchor) && !(panel.current && path.includes(panel.current)))
        latest.current.close(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.isComposing && latest.current.escapeCloses)
        latest.current.close(true);
    };
    doc.addEventListener('pointerdown', onPress, true);
    doc.addEventListener('keydown', onKey);
    return () => {
      doc.removeEventListener('pointerdown', onPress, true);
      doc.removeEventListener('keydown', onKey);
    };
  }, [anchor, panel]);
}

/**
 * Whether the focus went on elsewhere on the page while the panel waited for its place (Tab, a press, a page's
 * script): the menu then closes and leaves it there, as when it leaves the shown menu.
 */
function focusWentOn(anchor: HTMLElement, focusedAtOpen: Element | null | undefined): boolean {
  const doc = anchor.ownerDocument;
  const root = anchor.getRootNode();
  const active = doc.activeElement;
  const moved = active !== focusedAtOpen && active !== doc.body;
  return !!active && moved && root instanceof ShadowRoot && active !== root.host;
}

/**
 * The items as a menu: arrow keys and typeahead move the focus in the menu view, Escape there closes it.
 * The focus moves at once (floating-ui would move it in an animation frame, which a background tab may not
 * get): to the first or last item when the menu is shown; to the form's field in the other views; back in the
 * menu, to the item that led away.
 */
function useMenuList(
  anchor: HTMLElement,
  panel: RefObject<HTMLElement | null>,
  close: MenuProps['close'],
  entries: Entry[],
  focus: MenuProps['focus'],
  view: View,
  shown: boolean,
) {
  const inMenu = view === 'menu';
  const [activeIndex, setActiveIndex] = useState<number | null>(focus === 'last' ? entries.length - 1 : 0);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);
  labelsRef.current = entries.map((entry) => entry.label);
  // The focus moves during the key press, not a render later (floating-ui would focus it then), so a key
  // pressed right after, or a script reading the focus, finds the new item.
  // (Also kept as it is now, for keys pressed before the next render.)
  const active = useRef(activeIndex);
  const moveTo = (index: number | null) => {
    active.current = index;
    setActiveIndex(index);
    if (index !== null) listRef.current[index]?.focus();
  };
  // Escape in the address form or the confirmation goes back to the menu instead (the panel's `onKey`).
  useDismissal(anchor, panel, close, inMenu);
  const typed = useRef({ text: '', at: 0 });
  /**
   * The menu's keys (WAI-ARIA's menu pattern): ↓ and ↑ move round the items, Home and End to the ends, and a
   * typed letter (or a word, typed within 750 ms) to the next item whose label or one of its words starts so.
   */
  const onListKey = (event: KeyboardEvent) => {
    const count = entries.length;
    if (!inMenu || !count || event.ctrlKey || event.metaKey || event.altKey) return;
    const now = active.current ?? -1;
    const step = { ArrowDown: now + 1, ArrowUp: now - 1 + count, Home: 0, End: count - 1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveTo(step % count);
    } else if (event.key.length === 1 && (event.key !== ' ' || typed.current.text)) {
      event.preventDefault();
      const fresh = event.timeStamp - typed.current.at > 750;
      const text = (fresh ? '' : typed.current.text) + event.key;
      typed.current = { text, at: event.timeStamp };
      // A letter typed again goes on to the next item with it; a longer word may stay on the item it is.
      const again = [...text].every((c) => c === text[0]);
      const from = now + (again ? 1 : 0);
      const labels = labelsRef.current;
      const order = labels.map((_, i) => (from + i) % count);
      const found = order.find((i) => wordStartMatch([labels[i] ?? null], again ? event.key : text));
      if (found !== undefined) moveTo(found);
    }
  };

  const cameFrom = useRef<string | null>(null);
  const placed = useRef(false);
  // What had the focus as the menu opened (its button, or a page's sign-in button that asked for it).
  const focusedAtOpen = useRef(globalThis.document?.activeElement);
  // Once the panel is shown (a hidden item takes no focus), and in the commit that shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the view, nothing else
  useLayoutEffect(() => {
    if (!shown) return;
    if (!placed.current) {
      placed.current = true;
      if (focusWentOn(anchor, focusedAtOpen.current)) return close(false);
    }
    if (inMenu) {
      const back = entries.findIndex((entry) => entry.key === cameFrom.current);
      moveTo(back >= 0 ? back : focus === 'last' ? entries.length - 1 : 0);
    } else {
      cameFrom.current = view;
      setActiveIndex(null);
      panel.current?.querySelector<HTMLElement>('input, button.danger')?.focus();
    }
  }, [view, shown]);
  return { onListKey, moveTo, entries, listRef };
}

type MenuList = ReturnType<typeof useMenuList>;

/** The action's problem, or what it did. */
function Messages({ id, t, problem, status }: MenuState) {
  return (
    <>
      {problem ? (
        <p className="problem" role="alert" id={`${id}-problem`}>
          {problemText(problem, t)}
        </p>
      ) : null}
      {status ? (
        <p className="status" role="status">
          {status}
        </p>
      ) : null}
    </>
  );
}

/** The menu view: who is signed in, then the items in groups (sections; own settings; sign out, delete). */
function MenuView(m: MenuState & { list: MenuList; onKeyDown: (event: KeyboardEvent) => void }) {
  const { busy, list, member } = m;
  const name = nameOf(member, m.t.member);
  const groups = m.sections.length;
  const item = ({ key, label, select, danger }: Entry, index: number) => (
    <button
      key={key}
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={danger ? 'item danger-text' : 'item'}
      aria-disabled={busy ? 'true' : undefined}
      aria-busy={busy === key ? 'true' : undefined}
      data-key={key}
      ref={(node: HTMLElement | null) => {
        list.listRef.current[index] = node;
      }}
      onClick={() => !busy && select()}
      onFocus={() => {
        if (list.listRef.current[index] !== undefined) list.moveTo(index);
      }}
    >
      {label}
    </button>
  );
  const at = (from: number, to?: number) =>
    list.entries.slice(from, to).map((entry, i) => item(entry, from + i));
  return (
    <>
      <div className="who" aria-hidden="true">
        <strong>{name}</strong>
        {/* Her sign-in email (read left to right on any page), which tells two accounts apart. */}
        {member?.loginEmail ? (
          <span>
            <bdi>{member.loginEmail}</bdi>
          </span>
        ) : null}
      </div>
      {/* Named by the member's name, not by the button that opened it. */}
      <div
        role="menu"
        id={`${m.id}-menu`}
        aria-label={name}
        aria-orientation="vertical"
        onKeyDown={m.onKeyDown}
      >
        {at(0, groups)}
        {groups ? <hr /> : null}
        {at(groups, groups + 2)}
        <hr />
        {at(groups + 2)}
      </div>
      <Messages {...m} />
    </>
  );
}

/** The profile address editor: saved, it goes back to the menu, which says the new address. */
function SlugForm(m: MenuState) {
  const { t, store, id, busy, problem } = m;
  const [slug, setSlug] = useState(m.member?.profile?.slug ?? '');
  const saved = () => {
    const now = store.getState().member.member?.profile?.slug ?? slug.trim();
    m.setStatus(fill(t.slugSaved, { slug: now }));
    m.show('menu');
  };
  return (
    <form
      noValidate
      aria-busy={busy ? 'true' : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        void m.act('slug', () => store.getState().saveSlug(slug), saved);
      }}
    >
      <label htmlFor={`${id}-slug`}>{t.slugLabel}</label>
      <input
        id={`${id}-slug`}
        value={slug}
        autoComplete="off"
        maxLength={100}
        spellCheck={false}
        autoCapitalize="off"
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={problem ? `${id}-problem ${id}-help` : `${id}-help`}
        onChange={(e) => setSlug((e.currentTarget as HTMLInputElement).value)}
      />
      <p className="help" id={`${id}-help`}>
        {t.slugHelp}
      </p>
      <Messages {...m} />
      <div className="actions">
        <Button type="submit" className="primary" blocked={busy !== null}>
          {busy ? t.saving : t.save}
        </Button>
        <button type="button" className="secondary" onClick={() => m.show('menu')}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}

/** The delete-account confirmation: deleted, the member is signed out and the badge shows the sign-in. */
function DeleteConfirmation(m: MenuState) {
  const { t, id, busy } = m;
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-delete`}
      aria-describedby={`${id}-delete-text`}
      aria-modal="false"
    >
      <h3 id={`${id}-delete`}>{t.deleteTitle}</h3>
      <p id={`${id}-delete-text`}>{t.deleteText}</p>
      <Messages {...m} />
      <div className="actions">
        <Button
          className="primary danger"
          blocked={busy !== null}
          onClick={() => void m.act('delete', () => m.store.getState().deleteAccount())}
        >
          {busy ? t.deleting : t.deleteConfirm}
        </Button>
        <button type="button" className="secondary" onClick={() => m.show('menu')}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

function MemberMenu({ context, anchor, focus, close, t }: MenuProps) {
  const m = useMenuState(context, t);
  const { view } = m;
  const { panel: panelRef, style, isPositioned, anchored } = useMenuPosition(anchor);
  const list = useMenuList(anchor, panelRef, close, menuEntries(m), focus, view, isPositioned);

  const onMenuKey = (event: KeyboardEvent) => {
    list.onListKey(event);
    if (event.key !== 'Tab') return;
    // Tab goes on from the menu's button, as if the menu were not there (Chromium would otherwise go back
    // to the button from an item it cannot tab to); Shift+Tab stops at the button.
    anchor.focus();
    close(false);
    if (event.shiftKey) event.preventDefault();
  };

  const onKey = (event: KeyboardEvent) => {
    const panel = panelRef.current;
    if (view === 'menu' || !panel) return;
    // The address form and the delete confirmation keep Tab inside until saved, cancelled or Escaped.
    if (event.key === 'Tab') keepTabIn(event, panel);
    else if (event.key === 'Escape') {
      event.stopPropagation();
      m.show('menu');
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in a form steps back to the menu
    <div
      ref={panelRef}
      style={style}
      className="panel"
      part="menu"
      data-view={view}
      data-placed={isPositioned ? '' : undefined}
      data-anchored={anchored ? '' : undefined}
      onKeyDown={onKey}
    >
      {view === 'menu' ? (
        <MenuView {...m} list={list} onKeyDown={onMenuKey} />
      ) : view === 'slug' ? (
        <SlugForm {...m} />
      ) : (
        <DeleteConfirmation {...m} />
      )}
    </div>
  );
}

/**
 * Opens the member menu by the badge's button and returns how to close it. A press outside, Escape and the
 * focus leaving it close it; Escape gives the focus back to the button.
 */
export function openMemberMenu(options: {
  root: ShadowRoot;
  anchor: HTMLElement;
  context: WidgetContext;
  focus: 'first' | 'last';
  t: MenuStrings;
  onClose: (returnFocus: boolean) => void;
}): () => void {
  const { root, anchor, context } = options;
  adoptStyles(root, `${controls}\n${styles}`);
  const container = anchor.ownerDocument.createElement('div');
  root.append(container);
  const rendered = createRoot(container);
  let open = true;
  const close = (returnFocus: boolean) => {
    if (!open) return;
    open = false;
    rendered.unmount();
    container.remove();
    options.onClose(returnFocus);
  };
  // The focus leaving the panel for the page (a click there, a page's script) closes it and stays where it
  // went. A focused item that is removed, or the window losing the focus, has no new target; a press on the
  // menu's button (which takes the focus first) is the button's to handle: it closes the menu.
  container.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (next instanceof Node && next !== anchor && !container.contains(next)) close(false);
  });
  rendered.render(
    <MemberMenu context={context} anchor={anchor} focus={options.focus} close={close} t={options.t} />,
  );
  return () => close(false);
}
