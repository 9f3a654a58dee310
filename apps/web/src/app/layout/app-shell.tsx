import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { EditBridgeProvider } from '@/components/post-card/edit-bridge.tsx';
import { ComposerHost, useListingEditor } from '@/features/composer/index.ts';
import { AccountBanner } from './account-banner.tsx';
import styles from './app-shell.module.css';
import { Footer } from './footer.tsx';
import { RouteHeader } from './headers/route-header.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { PushPromptHost } from './push-prompt-host.tsx';
import { AboutGroupPanel, ContactPanel } from './right-panels.tsx';
import { useRouteHandle } from './route-handle.ts';
import { SideNav } from './side-nav.tsx';

const MAIN_ID = 'main-content';

/**
 * Three columns on desktop (side nav, 600 px main column, side panels), one column with a
 * bottom tab bar at 769 px and below. Routes shape it through their `handle` (route-handle.ts).
 */
export function AppShell() {
  const { layout = 'default' } = useRouteHandle();
  const wide = layout === 'wide';
  const editor = useListingEditor();
  // The posts screens open the listing editor through this (features do not import each other).
  const openEditor = useCallback((post: { id: string }) => editor.open(post.id), [editor]);
  return (
    <EditBridgeProvider value={openEditor}>
      <div className={[styles.shell, wide && styles.wide].filter(Boolean).join(' ')}>
        <a className={styles.skipLink} href={`#${MAIN_ID}`}>
          Skip to content
        </a>
        <SideNav />
        <div className={styles.center}>
          <AccountBanner />
          <main id={MAIN_ID} className={styles.main} tabIndex={-1}>
            <RouteHeader />
            <Outlet />
          </main>
          <Footer className={styles.inlineFooter} />
        </div>
        {!wide && (
          <aside className={styles.panels} aria-label="About this group">
            <div className={styles.panelsInner}>
              <AboutGroupPanel />
              <ContactPanel />
              <Footer />
            </div>
          </aside>
        )}
        <MobileTabBar />
        <ComposerHost />
        <PushPromptHost />
      </div>
    </EditBridgeProvider>
  );
}
