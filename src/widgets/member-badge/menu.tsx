import { createElement, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { MenuStrings } from '../../i18n/en';
import controls from '../../ui/controls.css?inline';
import type { WidgetContext } from '../../ui/lazy-element';
import { adoptStyles } from '../../ui/styles';
import styles from './menu.css?inline';
import { DeleteConfirmation } from './menu-delete';
import { MenuView } from './menu-items';
import { useMenuList } from './menu-list';
import { useMenuPosition } from './menu-position';
import { SlugForm } from './menu-slug';
import { isList, type MenuProps, menuEntries, PARENT_VIEW, useMenuState } from './menu-state';

export type { MenuStrings };

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
    // The address form and the delete confirmation keep Tab inside until saved, cancelled or Escaped (in the
    // account's settings, Tab leaves as from the menu); Escape steps back to the view they came from.
    if (event.key === 'Tab' && !isList(view)) keepTabIn(event, panel);
    else if (event.key === 'Escape') {
      event.stopPropagation();
      m.show(PARENT_VIEW[view]);
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in a view steps back to the one before
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
      {isList(view) ? (
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
