import { createElement } from 'react';
import { fill } from '../../ui/i18n';
import { plural } from '../../ui/plural';
import type { ViewProps } from './view';

/** The drawer's title, with the number of items, and its close button. */
export function DrawerHeader({
  t,
  locale,
  slice,
  titleId,
  close,
}: ViewProps & { titleId: string; close(): void }) {
  return (
    <header className="drawer-header" part="header">
      <h2 id={titleId}>
        {t.cartTitle}
        {slice.count ? (
          <span className="count">
            {' '}
            ({fill(plural(t.itemsCount, slice.count, locale), { count: slice.count })})
          </span>
        ) : null}
      </h2>
      {/* The first control: the focus goes to it when the drawer opens. */}
      <button type="button" className="icon" aria-label={t.close} onClick={close}>
        ×
      </button>
    </header>
  );
}
