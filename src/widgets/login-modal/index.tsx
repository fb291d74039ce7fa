import controls from '../../ui/controls.css?inline';
import type { WidgetContext, WidgetModule } from '../../ui/lazy-element';
import { renderIntoShadow } from '../../ui/mount';
import theme from '../../ui/theme.css?inline';
import { useStore } from '../../ui/use-store';
import { LoginModal } from './modal';
import { loginStrings } from './strings';
import styles from './styles.css?inline';

function LoginRoot({ context }: { context: WidgetContext }) {
  const open = useStore(context.store, (s) => s.ui.loginOpen);
  const intent = useStore(context.store, (s) => s.ui.loginIntent);
  if (!open) return null;
  const { config } = context;
  return <LoginModal context={context} t={loginStrings(config.lang, config.strings)} intent={intent} />;
}

export const mount: WidgetModule['mount'] = (root, host, context) => {
  if (context.config.theme !== 'auto') host.setAttribute('data-theme', context.config.theme);
  return renderIntoShadow(root, <LoginRoot context={context} />, `${theme}\n${controls}\n${styles}`);
};
