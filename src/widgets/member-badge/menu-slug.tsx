import { createElement, useState } from 'react';
import { Button } from '../../ui/button';
import { fill } from '../../ui/i18n';
import { Messages } from './menu-messages';
import type { MenuState } from './menu-state';

/** The profile address editor: saved, it goes back to the account's settings, which say the new address. */
export function SlugForm(m: MenuState) {
  const { t, store, id, busy, problem } = m;
  const [slug, setSlug] = useState(m.member?.profile?.slug ?? '');
  const saved = () => {
    const now = store.getState().member.member?.profile?.slug ?? slug.trim();
    m.show('account');
    m.setStatus(fill(t.slugSaved, { slug: now }));
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
        <button type="button" className="secondary" onClick={() => m.show('account')}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
