import { LISTING_MESSAGES } from '@campus/contract';
import { useCallback, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ModalPage } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import styles from './composer.module.css';
import { ComposerSkeleton } from './composer-skeleton.tsx';
import { EditListingForm } from './edit-listing-form.tsx';

/**
 * /post/{id}/edit (docs/product/selling.md#editing-a-listing): the edit form as a page, as phones
 * get it; a back button to goBack or the post. Drawn once the page is live: the editor is the
 * browser's (decision 031). Leaving with unsaved changes asks first.
 */
export function EditListingPage({ postId }: { postId: string }) {
  const hydrated = useHydrated();
  // A ref, not state: after saving, the form clears it and navigates at once, before a re-render.
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty.current && nextLocation.pathname !== currentLocation.pathname,
  );
  return (
    <>
      <ModalPage title={LISTING_MESSAGES.editListing} fallback={paths.post.getHref(postId)}>
        <div className={styles.page}>
          {hydrated ? (
            <EditListingForm postId={postId} presentation="page" onDirtyChange={setDirty} />
          ) : (
            <ComposerSkeleton />
          )}
        </div>
      </ModalPage>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
        title={LISTING_MESSAGES.discardChangesTitle}
        body={LISTING_MESSAGES.discardChangesBody}
        confirmLabel={LISTING_MESSAGES.discard}
        cancelLabel={LISTING_MESSAGES.keepEditing}
        tone="danger"
        onConfirm={() => blocker.state === 'blocked' && blocker.proceed()}
      />
    </>
  );
}
