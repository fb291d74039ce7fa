import { createElement, Fragment, type KeyboardEvent } from 'react';
import type { MenuList } from './menu-list';
import { Messages } from './menu-messages';
import type { Entry, MenuState } from './menu-state';
import { nameOf } from './names';

/** The menu view: who is signed in, then the items in groups (sections; own settings; sign out, delete). */
export function MenuView(m: MenuState & { list: MenuList; onKeyDown: (event: KeyboardEvent) => void }) {
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
