import { lazy, Suspense, useEffect } from 'react';
import { afterFirstPage } from '@/lib/first-page.ts';
import { useViewer } from '@/lib/viewer.ts';
import { composerGate, useComposerUi } from '../lib/composer-store.ts';
import { loadComposerDialog, preloadComposer } from '../lib/load.ts';
import { ProfileIncompleteDialog } from './profile-incomplete-dialog.tsx';

const ComposerDialog = lazy(() => loadComposerDialog().then((m) => ({ default: m.ComposerDialog })));

/**
 * Draws what `useComposer().open()` asks for: the composer dialog (desktop) and the
 * 'Your profile is not complete' prompt. Mounted once, in the app shell. For members it
 * also fetches the composer's code once the first page has drawn and the browser is idle, so
 * Create Post opens at once.
 */
export function ComposerHost() {
  const { dialog } = useComposerUi();
  const viewer = useViewer();
  const member = composerGate(viewer) === 'ok';

  useEffect(() => {
    if (!member) return;
    return afterFirstPage(preloadComposer);
  }, [member]);

  return (
    <>
      {dialog && (
        <Suspense fallback={null}>
          <ComposerDialog dialog={dialog} />
        </Suspense>
      )}
      <ProfileIncompleteDialog />
    </>
  );
}
