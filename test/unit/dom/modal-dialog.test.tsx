import { createElement, type ReactNode, useLayoutEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalDialog } from '../../../src/ui/modal-dialog';
import { settle } from '../../helpers/widget';

/**
 * The modal dialog primitive in a widget's shadow root, rendered (open) or not (closed) as its owner says.
 * happy-dom's `<dialog>` has `showModal()`, `close()` and the `close` event, but no top layer, no inert page,
 * no `cancel` on Escape and no focus restoring: Chromium checks those through the login modal
 * (test/e2e/member.e2e.ts).
 */
const cleanup: Array<() => void> = [];
afterEach(() => {
  for (const undo of cleanup.splice(0)) undo();
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

function shadowHost(tag = 'sf-test-widget'): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement(tag);
  document.body.append(host);
  cleanup.push(() => host.remove());
  return { host, root: host.attachShadow({ mode: 'open' }) };
}

function setup() {
  const { host, root } = shadowHost();
  const rendered: Root = createRoot(root);
  cleanup.push(() => rendered.unmount());
  const onClose = vi.fn();
  const show = async (children: ReactNode | null, props: { initialFocus?: boolean } = {}) => {
    rendered.render(
      children === null ? null : (
        <Dialog onClose={onClose} {...props}>
          {children}
        </Dialog>
      ),
    );
    await settle();
  };
  const dialog = () => root.querySelector('dialog') as HTMLDialogElement;
  return { host, root, onClose, show, dialog };
}

function Dialog({
  onClose,
  initialFocus,
  children,
}: {
  onClose: () => void;
  initialFocus?: boolean;
  children: ReactNode;
}) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      labelledBy="title"
      onClose={onClose}
      className="overlay"
      part="overlay"
      {...(initialFocus ? { initialFocus: field } : {})}
    >
      <div className="modal" part="modal">
        <h2 id="title">Title</h2>
        <button type="button">First</button>
        {initialFocus ? <input ref={field} aria-label="Wanted" /> : null}
        {children}
      </div>
    </ModalDialog>
  );
}

/** A child with a shadow root of its own holding its only button (a widget inside the dialog). */
function Nested({ onButton }: { onButton: (button: HTMLButtonElement, root: ShadowRoot) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current as HTMLDivElement;
    const inner = el.shadowRoot ?? el.attachShadow({ mode: 'open' });
    const button = document.createElement('button');
    button.textContent = 'Inside';
    inner.append(button);
    onButton(button, inner);
  }, [onButton]);
  return <div ref={ref} />;
}

const deepActive = () => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};

describe('the modal dialog', () => {
  it('is the browser’s <dialog>, opened with showModal() while rendered and closed with close() after', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    const close = vi.spyOn(HTMLDialogElement.prototype, 'close');
    const f = setup();
    await f.show('body');
    const dialog = f.dialog();
    expect(showModal.mock.contexts).toEqual([dialog]);
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe('title');
    expect(dialog.getAttribute('part')).toBe('overlay');
    expect(f.root.querySelector('[part="modal"]')?.parentElement).toBe(dialog);
    await f.show(null);
    expect(close.mock.contexts).toEqual([dialog]);
    expect(dialog.open).toBe(false);
    expect(dialog.isConnected).toBe(false);
    expect(f.onClose).not.toHaveBeenCalled();
  });

  it('turns Escape (the cancel event) into onClose and leaves closing to its owner', async () => {
    const f = setup();
    await f.show('body');
    const cancel = new Event('cancel', { cancelable: true });
    f.dialog().dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(f.onClose).toHaveBeenCalledTimes(1);
    expect(f.dialog().open).toBe(true);
    // A close the browser would not let be cancelled: the owner is told too.
    f.dialog().close();
    expect(f.onClose).toHaveBeenCalledTimes(2);
  });

  it('focuses initialFocus, else the first element Tab reaches', async () => {
    const f = setup();
    await f.show('body', { initialFocus: true });
    expect(f.root.activeElement?.getAttribute('aria-label')).toBe('Wanted');
    await f.show(null);
    await f.show('body');
    expect(f.root.activeElement?.textContent).toBe('First');
  });

  it('reaches a focusable inside a nested shadow root', async () => {
    const f = setup();
    let inside: { button: HTMLButtonElement; root: ShadowRoot } | undefined;
    const onButton = (button: HTMLButtonElement, root: ShadowRoot) => {
      inside = { button, root };
    };
    // The nested widget's button is the dialog's only element Tab reaches.
    const { root } = shadowHost('sf-only-nested');
    const rendered = createRoot(root);
    cleanup.push(() => rendered.unmount());
    rendered.render(
      <ModalDialog labelledBy="t" onClose={f.onClose}>
        <h2 id="t">Title</h2>
        <Nested onButton={onButton} />
      </ModalDialog>,
    );
    await settle();
    expect(inside).toBeDefined();
    expect(inside?.root.activeElement).toBe(inside?.button);
    expect(deepActive()).toBe(inside?.button);
  });

  it('keeps the focus inside when its focused element is removed, not on the page’s body', async () => {
    const f = setup();
    await f.show(<button type="button">Goes away</button>);
    const goes = [...f.root.querySelectorAll('button')].find((b) => b.textContent === 'Goes away');
    goes?.focus();
    expect(f.root.activeElement).toBe(goes);
    await f.show(<p>Something else</p>);
    await vi.waitFor(() => expect(document.activeElement).toBe(f.host));
    expect(f.root.activeElement).toBe(f.dialog());
    expect(goes?.isConnected).toBe(false);
  });

  it('gives the focus back to what had it, a button inside another shadow root', async () => {
    const other = shadowHost('sf-other-widget');
    const opener = document.createElement('button');
    other.root.append(opener);
    opener.focus();
    const f = setup();
    await f.show('body');
    expect(f.root.activeElement?.textContent).toBe('First');
    await f.show(null);
    expect(other.root.activeElement).toBe(opener);
    expect(document.activeElement).toBe(other.host);
  });

  it('stops the page from scrolling while open', async () => {
    const f = setup();
    await f.show('body');
    expect(document.documentElement.style.overflow).toBe('hidden');
    await f.show(null);
    expect(document.documentElement.style.overflow).toBe('');
  });
});
