import type { WidgetModule } from '../../ui/lazy-element';
import { renderIntoShadow } from '../../ui/mount';
import styles from './styles.css?inline';

/** The cart drawer's root. Its views arrive with the widget's own issue; until then it mounts an empty root. */
function CartDrawer() {
  return <div part="root" data-sf-widget="cart-drawer" />;
}

export const mount: WidgetModule['mount'] = (root) => renderIntoShadow(root, <CartDrawer />, styles);
