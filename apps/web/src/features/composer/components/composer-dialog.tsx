import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Modal } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { type ComposerUiState, composerUiStore } from '../lib/composer-store.ts';
import { draftHasContent, draftKeyFor, draftStore, useDraft } from '../lib/draft-store.ts';
import { restoreFocusLater } from '../lib/focus.ts';
import { ComposerSkeleton } from './composer-skeleton.tsx';
import { DiscardDialog } from './discard-dialog.tsx';
import { ParentPost } from './parent-post-card.tsx';

// The chunk lib/load.ts preloads when the composer is about to open (the same module, so one fetch).
const ComposerForm = lazy(() => import('./composer-form.tsx'));

export const COMPOSER_TITLES = { post: 'Create Post', comment: 'Create Comment' } as const;

/** The desktop composer dialog (loaded with the composer, not with the first page). */
export function ComposerDialog({ dialog }: { dialog: NonNullable<ComposerUiState['dialog']> }) {
  const { parentId, parentPost, opener } = dialog;
  const draftKey = draftKeyFor(parentId);
  const draft = useDraft(draftKey);
  const [confirming, setConfirming] = useState(false);
  const isComment = parentId !== null;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  const close = () => {
    composerUiStore.closeDialog();
    restoreFocusLater(opener);
  };
  const handleOpenChange = (open: boolean) => {
    if (open) return;
    if (draftHasContent(draft)) setConfirming(true);
    else close();
  };
  const handleDiscard = () => {
    draftStore.clear(draftKey);
    setConfirming(false);
    close();
  };

  return (
    <>
      <Modal open onOpenChange={handleOpenChange} title={isComment ? COMPOSER_TITLES.comment : COMPOSER_TITLES.post}>
        {parentId && <ParentPost parentId={parentId} known={parentPost} />}
        <Suspense fallback={<ComposerSkeleton />}>
          <ComposerForm
            parentId={parentId}
            presentation="dialog"
            onPosted={close}
            composeHref={
              parentId
                ? paths.createComment.getHref(parentId, { goBack: here })
                : paths.createPost.getHref({ goBack: here })
            }
          />
        </Suspense>
      </Modal>
      <DiscardDialog open={confirming} onOpenChange={setConfirming} isComment={isComment} onDiscard={handleDiscard} />
    </>
  );
}
