import { createElement } from 'react';
import { useStore } from 'zustand';
import controls from '../../ui/controls.css?inline';
import { textsDirection } from '../../ui/i18n';
import type { WidgetContext, WidgetModule } from '../../ui/lazy-element';
import modalDialog from '../../ui/modal-dialog.css?inline';
import { renderWithTexts } from '../../ui/mount';
import theme from '../../ui/theme.css?inline';
import { LoginModal } from './modal';
import { type LoginStrings, loginStrings } from './strings';
import styles from './styles.css?inline';

/** The widget's view, shown while the store says it is open (also rendered by the React entry). */
export function LoginRoot({ context, t }: { context: WidgetContext; t: LoginStrings }) {
  const open = useStore(context.store, (s) => s.ui.loginOpen);
  const intent = useStore(context.store, (s) => s.ui.loginIntent);
  if (!open) return null;
  return <LoginModal context={context} t={t} intent={intent} />;
}

/** The widget's styles: the shared theme, controls and dialog, then its own. */
export const css = `${theme}\n${controls}\n${modalDialog}\n${styles}`;

export const mount: WidgetModule['mount'] = (root, host, context) => {
  if (context.config.theme !== 'auto') host.setAttribute('data-theme', context.config.theme);
  const { lang, strings } = context.config;
  return renderWithTexts(
    root,
    loginStrings(lang, strings).then((t) => {
      host.setAttribute('data-texts', textsDirection(context.config, t));
      return t;
    }),
    (t) => <LoginRoot context={context} t={t} />,
    css,
  );
};
