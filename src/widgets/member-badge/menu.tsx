import {
  createElement,
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createRoot } from 'react-dom/client';
import { useStore } from 'zustand';
import { isApiError, isSystemError } from '../../api/errors';
import { deleteMyMember, joinCommunity, leaveCommunity, updateCurrentMemberSlug } from '../../api/members';
import { createRedirectSession } from '../../api/redirects';
import type { MembersAccountSection } from '../../api/types/enums';
import type { Member } from '../../api/types/members';
import { Button } from '../../ui/button';
import controls from '../../ui/controls.css?inline';
import { keepTabInside } from '../../ui/dialog';
import type { WidgetContext } from '../../ui/lazy-element';
import { adoptStyles } from '../../ui/styles';
import { textsFor } from '../texts';
import styles from './menu.css?inline';
import type { MenuStrings } from './menu.en';
import { nameOf } from './names';

export type { MenuStrings };

/** The menu's texts in the page's language, with the site's overrides. */
export const menuTexts = (lang: string, overrides: Partial<Record<string, string>>) =>
  textsFor('menu', lang, overrides);

const SECTIONS: MembersAccountSection[] = ['ACCOUNT_INFO', 'ORDERS', 'SUBSCRIPTIONS', 'BOOKINGS', 'EVENTS'];

/** Puts the menu under its button (above when there is no room below), inside the viewport. */
export function place(menu: HTMLElement, anchor: HTMLElement): void {
  const win = anchor.ownerDocument.defaultView as Window;
  const a = anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  const gap = 6;
  const margin = 8;
  const below = a.bottom + gap;
  const top =
    below + height > win.innerHeight - margin && a.top - gap - height >= margin
      ? a.top - gap - height
      : below;
  const rtl = win.getComputedStyle(anchor).direction === 'rtl';
  const wanted = rtl ? a.left : a.right - width;
  const left = Math.min(Math.max(wanted, margin), Math.max(margin, win.innerWidth - width - margin));
  menu.style.top = `${Math.round(top)}px`;
  menu.style.left = `${Math.round(left)}px`;
}

type View = 'menu' | 'slug' | 'delete';

interface MenuProps {
  context: WidgetContext;
  anchor: HTMLElement;
  focus: 'first' | 'last';
  close: (returnFocus: boolean) => void;
  t: MenuStrings;
}

/** A failed choice in the member's words; `slug`, the address asked for when that is what failed. */
function problemText(error: unknown, t: MenuStrings, slug?: string): string {
  if (isSystemError(error) || error instanceof TypeError) return t.networkError;
  if (!isApiError(error)) return t.failed.replace('{message}', String(error));
  // Another member has the address (409), or it breaks the rules (400: it is the call's one field).
  if (slug && (error.status === 409 || error.status === 400))
    return (error.status === 409 ? t.slugTaken : t.slugInvalid).replace('{slug}', slug);
  return error.message;
}

function MemberMenu({ context, anchor, focus, close, t }: MenuProps) {
  const { store, session } = context;
  const member = useStore(store, (s) => s.member.member);
  const [view, setView] = useState<View>('menu');
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const [slug, setSlug] = useState(member?.profile?.slug ?? '');
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const name = nameOf(member, t.member);

  const items = () => [...(panel.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const firstField = () => panel.current?.querySelector<HTMLElement>('input, button.danger');

  // Focus: the first or last item when the menu opens; the form's field in the other views; back in the
  // menu, the item that led away.
  const cameFrom = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus follows the view, nothing else
  useEffect(() => {
    if (view === 'menu') {
      const all = items();
      const back = all.find((el) => el.dataset.key === cameFrom.current);
      (back ?? (focus === 'last' ? all[all.length - 1] : all[0]))?.focus();
    } else {
      cameFrom.current = view === 'slug' ? 'slug' : 'delete';
      firstField()?.focus();
    }
  }, [view]);

  // Keep the panel by its button while the page scrolls or resizes.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const update = () => place(el, anchor);
    update();
    const win = anchor.ownerDocument.defaultView as Window;
    win.addEventListener('scroll', update, true);
    win.addEventListener('resize', update);
    return () => {
      win.removeEventListener('scroll', update, true);
      win.removeEventListener('resize', update);
    };
  });

  const setMember = (next: Member | undefined) => {
    if (next) store.setState({ member: { status: 'ready', member: next } });
  };

  async function act(key: string, work: () => Promise<void>, slug?: string) {
    if (busy) return;
    setBusy(key);
    setProblem('');
    setStatus('');
    try {
      await work();
    } catch (error) {
      setProblem(problemText(error, t, slug));
    } finally {
      setBusy(null);
    }
  }

  const openSection = (section: MembersAccountSection) =>
    act(section, async () => {
      const { redirectSession } = await createRedirectSession(session.client, {
        membersAccount: { section },
        callbacks: { postFlowUrl: window.location.href },
      });
      window.location.assign(redirectSession.fullUrl);
    });

  const joined = member?.privacyStatus === 'PUBLIC';
  const toggleCommunity = () =>
    act('community', async () => {
      const { member: next } = await (joined ? leaveCommunity : joinCommunity)(session.client);
      setMember(next);
      setStatus(joined ? t.left : t.joined);
    });

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(
      (panel.current?.getRootNode() as ShadowRoot | undefined)?.activeElement as HTMLElement,
    );
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Tab') {
      // Tab goes on from the menu's button, as if the menu were not there (Chromium would otherwise go back
      // to the button from an item it cannot tab to); Shift+Tab stops at the button.
      anchor.focus();
      close(false);
      if (event.shiftKey) event.preventDefault();
    }
  };

  const onKey = (event: KeyboardEvent) => {
    // The address form and the delete confirmation keep Tab inside until saved, cancelled or Escaped.
    if (event.key === 'Tab' && view !== 'menu' && panel.current) keepTabInside(event, panel.current);
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (view === 'menu') close(true);
    else {
      setProblem('');
      setView('menu');
    }
  };

  const item = (key: string, label: string, onSelect: () => void, danger = false) => (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={danger ? 'item danger-text' : 'item'}
      aria-disabled={busy ? 'true' : undefined}
      aria-busy={busy === key ? 'true' : undefined}
      onClick={() => !busy && onSelect()}
      data-key={key}
    >
      {label}
    </button>
  );

  const messages = (
    <>
      {problem ? (
        <p className="problem" role="alert" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
      {status ? (
        <p className="status" role="status">
          {status}
        </p>
      ) : null}
    </>
  );

  let body: ReactNode;
  if (view === 'menu') {
    body = (
      <>
        <div className="who" aria-hidden="true">
          <strong>{name}</strong>
          {member?.profile?.slug ? <span>/{member.profile.slug}</span> : null}
        </div>
        <div role="menu" aria-label={name} tabIndex={-1} onKeyDown={onMenuKey}>
          {SECTIONS.map((section) => item(section, t[section], () => void openSection(section)))}
          <hr />
          {item('slug', t.editSlug, () => {
            setSlug(member?.profile?.slug ?? '');
            setProblem('');
            setView('slug');
          })}
          {item('community', joined ? t.leave : t.join, () => void toggleCommunity())}
          <hr />
          {item('signOut', t.signOut, () => void act('signOut', () => store.getState().signOut()))}
          {item(
            'delete',
            t.deleteAccount,
            () => {
              setProblem('');
              setView('delete');
            },
            true,
          )}
        </div>
        {messages}
      </>
    );
  } else if (view === 'slug') {
    body = (
      <form
        noValidate
        aria-busy={busy ? 'true' : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = slug.trim();
          if (!wanted) {
            setProblem(t.slugEmpty);
            return;
          }
          void act(
            'slug',
            async () => {
              const { member: next } = await updateCurrentMemberSlug(session.client, wanted);
              setMember(next);
              setStatus(t.slugSaved.replace('{slug}', next?.profile?.slug ?? wanted));
              setView('menu');
            },
            wanted,
          );
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
        {messages}
        <div className="actions">
          <Button type="submit" className="primary" blocked={busy !== null}>
            {busy ? t.saving : t.save}
          </Button>
          <button type="button" className="secondary" onClick={() => setView('menu')}>
            {t.cancel}
          </button>
        </div>
      </form>
    );
  } else {
    body = (
      <div
        role="alertdialog"
        aria-labelledby={`${id}-delete`}
        aria-describedby={`${id}-delete-text`}
        aria-modal="false"
      >
        <h3 id={`${id}-delete`}>{t.deleteTitle}</h3>
        <p id={`${id}-delete-text`}>{t.deleteText}</p>
        {messages}
        <div className="actions">
          <Button
            className="primary danger"
            blocked={busy !== null}
            onClick={() =>
              void act('delete', async () => {
                await deleteMyMember(session.client, member?.id ? { memberId: member.id } : {});
                await store.getState().signOut({ platform: false });
              })
            }
          >
            {busy ? t.deleting : t.deleteConfirm}
          </Button>
          <button type="button" className="secondary" onClick={() => setView('menu')}>
            {t.cancel}
          </button>
        </div>
      </div>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel steps back
    <div ref={panel} className="panel" part="menu" data-view={view} onKeyDown={onKey}>
      {body}
    </div>
  );
}

/**
 * Opens the member menu under the badge's button and returns how to close it. A press outside, Escape and
 * the focus leaving it close it; Escape gives the focus back to the button.
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
  const container = document.createElement('div');
  root.append(container);
  const rendered = createRoot(container);
  const doc = anchor.ownerDocument;
  let open = true;
  const close = (returnFocus: boolean) => {
    if (!open) return;
    open = false;
    doc.removeEventListener('pointerdown', outside, true);
    rendered.unmount();
    container.remove();
    options.onClose(returnFocus);
  };
  const outside = (event: Event) => {
    const path = event.composedPath();
    if (!path.includes(container) && !path.includes(anchor)) close(false);
  };
  doc.addEventListener('pointerdown', outside, true);
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
