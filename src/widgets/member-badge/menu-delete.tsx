import { createElement } from 'react';
import { Button } from '../../ui/button';
import { Messages } from './menu-messages';
import type { MenuState } from './menu-state';

/** The delete-account confirmation: deleted, the member is signed out and the badge shows the sign-in. */
export function DeleteConfirmation(m: MenuState) {
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
        <button type="button" className="secondary" onClick={() => m.show('account')}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
