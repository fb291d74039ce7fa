/**
 * The dialog primitive (`src/ui/modal-dialog.tsx`) on real React: its effect cleaned up and run again at once
 * (React 18's StrictMode does it after the passive effects, which may come after the timer that showed the
 * dialog; React 19's `<Activity>` hidden and shown again does it too) keeps the dialog shown: no `close` event
 * that finds it closed.
 */
import * as React from 'react';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { ModalDialog } from '../../../src/ui/modal-dialog';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** React's `<Activity>` (19.2 on): none in React 18. */
const Activity = (
  React as { Activity?: React.ComponentType<{ mode: 'visible' | 'hidden'; children?: React.ReactNode }> }
).Activity;

it.skipIf(!Activity)('stays shown when its effect is cleaned up and run again in the same task', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const Hideable = Activity as NonNullable<typeof Activity>;
  const view = (mode: 'visible' | 'hidden') => (
    <Hideable mode={mode}>
      <ModalDialog labelledBy="title" onClose={() => {}}>
        <h2 id="title">A dialog</h2>
      </ModalDialog>
    </Hideable>
  );
  flushSync(() => root.render(view('visible')));
  // Shown in the task after its render's.
  vi.advanceTimersByTime(0);
  const dialog = host.querySelector('dialog') as HTMLDialogElement;
  expect(dialog.open).toBe(true);
  const closes: boolean[] = [];
  dialog.addEventListener('close', () => closes.push(dialog.open));
  // Its effect cleaned up and run again, in one task.
  flushSync(() => root.render(view('hidden')));
  flushSync(() => root.render(view('visible')));
  expect(dialog.open).toBe(true);
  // A task later (when a `close` event would come), and after any timer: still open, and no close heard.
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve));
  expect(dialog.open).toBe(true);
  expect(closes).toEqual([]);
  flushSync(() => root.unmount());
  // Taken away for good: closed, at the end of the task.
  await Promise.resolve();
  expect(dialog.open).toBe(false);
});
