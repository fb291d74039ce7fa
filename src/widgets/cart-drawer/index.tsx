import controls from '../../ui/controls.css?inline';
import type { WidgetContext, WidgetModule } from '../../ui/lazy-element';
import { renderIntoShadow } from '../../ui/mount';
import theme from '../../ui/theme.css?inline';
import { useStore } from '../../ui/use-store';
import { Drawer } from './drawer';
import { stringsFor } from './strings';
import styles from './styles.css?inline';

function CartDrawer({ context }: { context: WidgetContext }) {
  const open = useStore(context.store, (s) => s.ui.cartOpen);
  if (!open) return null;
  const { config } = context;
  return (
    <Drawer
      store={context.store}
      t={stringsFor(config.lang, config.strings)}
      locale={config.lang}
      currency={config.currency}
    />
  );
}

export const mount: WidgetModule['mount'] = (root, host, context) => {
  if (context.config.theme !== 'auto') host.setAttribute('data-theme', context.config.theme);
  return renderIntoShadow(root, <CartDrawer context={context} />, `${theme}\n${controls}\n${styles}`);
};
