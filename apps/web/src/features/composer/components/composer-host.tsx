import { lazy, Suspense, useEffect } from 'react';
import { useCampus } from '@/lib/campus.ts';
import { OPENS_COMPOSER_SELECTOR } from '@/lib/composer-trigger.ts';
import { useViewer } from '@/lib/viewer.ts';
import { composerGate, useComposerUi } from '../lib/composer-store.ts';
import { loadComposerDialog, loadEditDialog, preloadComposer } from '../lib/load.ts';
import { ProfileIncompleteDialog } from './profile-incomplete-dialog.tsx';

const ComposerDialog = lazy(() => loadComposerDialog().then((m) => ({ default: m.ComposerDialog })));
const EditListingDialog = lazy(() => loadEditDialog().then((m) => ({ default: m.EditListingDialog })));

/**
 * Draws what `useComposer().open()` asks for: the composer dialog (desktop) and the
 * 'Your profile is not complete' prompt. Mounted once, in the app shell. For members it
 * also fetches the composer's code as soon as they point at, touch or focus a button that opens
 * it (`opensComposer`), so it is mostly in by the click. Not when the browser is idle after the
 * first page, as before: on a phone, running its 100 KB then held the main thread for about
 * 170 ms while the person scrolled the feed (Lighthouse's blocking time 237 → 427 ms, decision 026).
 */
export function ComposerHost() {
  const { dialog, editing } = useComposerUi();
  const viewer = useViewer();
  const campus = useCampus();
  const member = composerGate(viewer, campus) === 'ok';

  useEffect(() => {
    if (!member) return;
    const intents = ['pointerover', 'touchstart', 'focusin'] as const;
    const stop = () => {
      for (const type of intents) document.removeEventListener(type, onIntent, true);
    };
    function onIntent(event: Event) {
      if (!(event.target instanceof Element) || !event.target.closest(OPENS_COMPOSER_SELECTOR)) return;
      preloadComposer();
      stop();
    }
    for (const type of intents) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return stop;
  }, [member]);

  return (
    <>
      {dialog && (
        <Suspense fallback={null}>
          <ComposerDialog dialog={dialog} />
        </Suspense>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditListingDialog key={editing.postId} postId={editing.postId} opener={editing.opener} />
        </Suspense>
      )}
      <ProfileIncompleteDialog />
    </>
  );
}
