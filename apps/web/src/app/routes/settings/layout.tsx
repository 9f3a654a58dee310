import { Outlet, useMatch } from 'react-router';
import { paths } from '@/config/paths.ts';
import { SettingsMenu } from '@/features/settings/components/settings-menu.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';
import styles from './settings-layout.module.css';

/**
 * /settings/*: over 1000 px the menu sits beside the page; at 1000 px or less /settings is the
 * menu and every other page shows alone with a back button to it.
 */
export function Component() {
  const isMenuPage = useMatch(paths.settings.root.path) !== null;
  return (
    <div className={styles.settings} data-view={isMenuPage ? 'menu' : 'content'}>
      <div className={styles.menuColumn}>
        <TitleHeader title="Settings" as={isMenuPage ? 'h1' : 'h2'} />
        <SettingsMenu headingLevel={isMenuPage ? 2 : 3} />
      </div>
      <div className={styles.contentColumn}>
        <Outlet />
      </div>
    </div>
  );
}
