import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styles from './dropdown-menu.module.css';

/**
 * A dropdown menu's list: in a portal, 6 px from its button, kept 12 px inside the screen. The
 * shell's profile menu keeps its own: it loads Radix lazily and cannot import it here.
 */
export function MenuContent({ className = styles.menu, ...props }: DropdownMenu.DropdownMenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content className={className} sideOffset={6} collisionPadding={12} {...props} />
    </DropdownMenu.Portal>
  );
}
