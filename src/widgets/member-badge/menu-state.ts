import { useId, useState } from 'react';
import { useStore } from 'zustand';
import type { MembersAccountSection } from '../../api/types/enums';
import type { Member } from '../../api/types/members';
import type { MenuStrings } from '../../i18n/en';
import type { Storefront } from '../../store/store';
import type { MemberProblem } from '../../store/types';
import type { WidgetContext } from '../../ui/lazy-element';

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

/**
 * The menu's views: the menu; the account's settings (its profile address, and, apart at its end, the deletion
 * of the account), reached from the menu; the address form and the delete confirmation, reached from those.
 */
export type View = 'menu' | 'account' | 'slug' | 'delete';

/** The view Escape, Cancel and Back lead to from each view but the menu (which Escape closes). */
export const PARENT_VIEW: Record<Exclude<View, 'menu'>, View> = {
  account: 'menu',
  slug: 'account',
  delete: 'account',
};

/** Whether a view is a list of items (the menu's keys move in it), not a form. */
export const isList = (view: View) => view === 'menu' || view === 'account';

export interface MenuProps {
  context: WidgetContext;
  anchor: HTMLElement;
  focus: 'first' | 'last';
  close: (returnFocus: boolean) => void;
  t: MenuStrings;
}

export interface Entry {
  key: string;
  label: string;
  select: () => void;
  danger?: boolean;
}

/**
 * What the menu's views share: its texts, store and member, the id their parts' ids start with, the view
 * shown, and the action on its way with its outcome.
 */
export interface MenuState {
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
  /** Goes to another view, leaving the last one's problem and status behind. */
  show: (view: View) => void;
}

/** The menu's state: the member, the view shown, and the action on its way with its outcome. */
export function useMenuState({ store, config }: WidgetContext, t: MenuStrings): MenuState {
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
    setStatus('');
    setView(next);
  };
  return { t, store, member, sections, community, id, view, busy, problem, status, setStatus, act, show };
}

/**
 * The items of the view shown. The menu: the account sections a site lists; the account's settings and the
 * community; sign out, last. The account's settings: back, the profile address and, last, delete. (An item that
 * leads to a view has that view's name for its key.)
 */
export function menuEntries(m: MenuState): Entry[] {
  const { t, store, act, show } = m;
  if (m.view === 'account')
    return [
      { key: 'back', label: t.back, select: () => show('menu') },
      { key: 'slug', label: t.editSlug, select: () => show('slug') },
      { key: 'delete', label: t.deleteAccount, select: () => show('delete'), danger: true },
    ];
  return [
    ...m.sections.map((section) => ({
      key: section,
      label: t[section],
      select: () => void act(section, () => store.getState().openAccountSection(section)),
    })),
    { key: 'account', label: t.accountSettings, select: () => show('account') },
    ...communityEntry(m),
    {
      key: 'signOut',
      label: t.signOut,
      select: () => void act('signOut', () => store.getState().signOut()),
    },
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
