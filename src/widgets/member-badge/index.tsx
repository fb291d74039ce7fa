import type { WidgetModule } from '../../ui/lazy-element';
import { renderIntoShadow } from '../../ui/mount';
import styles from './styles.css?inline';

/** The member badge's root. Its views arrive with the widget's own issue; until then it mounts an empty root. */
function MemberBadge() {
  return <div part="root" data-sf-widget="member-badge" />;
}

export const mount: WidgetModule['mount'] = (root) => renderIntoShadow(root, <MemberBadge />, styles);
