import { createElement, Fragment, type KeyboardEvent } from 'react';
import type { MenuList } from './menu-list';
import { Messages } from './menu-messages';
import type { Entry, MenuState } from './menu-state';
import { nameOf } from './names';

type ListProps = MenuState & { list: MenuList; onKeyDown: (event: KeyboardEvent) => void };

/** One item of a list view, with the list's focus and the busy state of the action on its way. */
function Item({
  entry,
  index,
  list,
  busy,
}: {
  entry: Entry;
  index: number;
  list: MenuList;
  busy: string | null;
}) {
  const { key, label, select, danger } = entry;
  const back = key === 'back';
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={`item${danger ? ' danger-text' : ''}${back ? ' back' : ''}`}
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
      {/* Back: an arrow that points to the menu's start, with its name for a screen reader. */}
      {back ? <span aria-hidden="true" className="chevron" /> : null}
      {back ? <span className="sf-visually-hidden">{label}</span> : label}
    </button>
  );
}

/**
 * A list view: the menu (who is signed in, then the items in groups: sections; settings and the community;
 * sign out), or the account's settings (back and their title; the profile address; delete, apart at the end).
 */
export function MenuView(m: ListProps) {
  const { busy, list, member, t } = m;
  const account = m.view === 'account';
  const name = nameOf(member, t.member);
  const count = list.entries.length;
  // A separator after the sections (if any), and before the last item (sign out; delete).
  const sections = account ? 0 : m.sections.length;
  const at = (from: number, to?: number) =>
    list.entries
      .slice(from, to)
      .map((entry, i) => <Item key={entry.key} entry={entry} index={from + i} list={list} busy={busy} />);
  return (
    <>
      {account ? null : (
        <div className="who" aria-hidden="true">
          <strong>{name}</strong>
          {/* Her sign-in email (read left to right on any page), which tells two accounts apart. */}
          {member?.loginEmail ? (
            <span>
              <bdi>{member.loginEmail}</bdi>
            </span>
          ) : null}
        </div>
      )}
      {/* Named by the member's name (not by the button that opened it), or by the view's title. */}
      <div
        role="menu"
        id={`${m.id}-menu`}
        aria-label={account ? t.accountSettings : name}
        aria-orientation="vertical"
        className={account ? 'settings' : undefined}
        onKeyDown={m.onKeyDown}
      >
        {account ? (
          <div className="head">
            {at(0, 1)}
            <strong aria-hidden="true">{t.accountSettings}</strong>
          </div>
        ) : null}
        {at(0, sections)}
        {sections ? <hr /> : null}
        {at(account ? 1 : sections, count - 1)}
        <hr />
        {at(count - 1)}
      </div>
      <Messages {...m} />
    </>
  );
}
