import { createElement } from 'react';
import { useStore } from 'zustand';
import controls from '../../ui/controls.css?inline';
import { textsDirection } from '../../ui/i18n';
import type { WidgetContext, WidgetModule } from '../../ui/lazy-element';
import modalDialog from '../../ui/modal-dialog.css?inline';
import { renderWithTexts } from '../../ui/mount';
import { adoptStyles } from '../../ui/styles';
import theme from '../../ui/theme.css?inline';
import { Drawer } from './drawer';
import { loadMarketing, wantsMarketing } from './marketing-slot';
import { type Strings, stringsFor } from './strings';
import styles from './styles.css?inline';
import { warmFonts } from './warm';

/** The widget's view, shown while the store says it is open (also rendered by the React entry). */
export function CartDrawer({ context, t }: { context: WidgetContext; t: Strings }) {
  const open = useStore(context.store, (s) => s.ui.cartOpen);
  if (!open) return null;
  const { config } = context;
  return (
    <Drawer store={context.store} t={t} locale={config.lang} currency={config.currency} attributes={config} />
  );
}

/** The widget's styles: the shared theme, controls and dialog, then its own. */
export const css = `${theme}\n${controls}\n${modalDialog}\n${styles}`;

export const mount: WidgetModule['mount'] = (root, host, context) => {
  if (context.config.theme !== 'auto') host.setAttribute('data-theme', context.config.theme);
  const { lang, strings } = context.config;
  // (Their direction once they are here: `textsDirection`.)
  // The marketing parts' code and styles, beside the texts, when the page asks for one.
  if (wantsMarketing(context.config))
    loadMarketing().then(
      (parts) => adoptStyles(root, parts.css),
      () => {},
    );
  const texts = stringsFor(lang, strings).then((t) => {
    host.setAttribute('data-texts', textsDirection(context.config, t));
    return t;
  });
  return renderWithTexts(root, texts, (t) => <CartDrawer context={context} t={t} />, css);
};

/** The fonts of the drawer's first open, ready before it (`warmFonts`): its code came ahead of an add. */
export const warm: WidgetModule['warm'] = (doc, { config, store }) =>
  void stringsFor(config.lang, config.strings).then(
    (t) => warmFonts(doc, t, css, store),
    () => {},
  );
