import type { WidgetModule } from '../../ui/lazy-element';
import { renderIntoShadow } from '../../ui/mount';
import styles from './styles.css?inline';

/** The login modal's root. Its views arrive with the widget's own issue; until then it mounts an empty root. */
function LoginModal() {
  return <div part="root" data-sf-widget="login-modal" />;
}

export const mount: WidgetModule['mount'] = (root) => renderIntoShadow(root, <LoginModal />, styles);
