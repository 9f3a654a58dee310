import { lazy, Suspense, useEffect } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { ModalPage, useGoBack } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { useViewer } from '@/lib/viewer.ts';
import type { ComposeLocationState } from '../hooks/use-composer.ts';
import { composerGate, composerUiStore } from '../lib/composer-store.ts';
import { draftHasContent, draftKeyFor, draftStore, useDraft } from '../lib/draft-store.ts';
import { loadComposerForm } from '../lib/load.ts';
import styles from './composer.module.css';
import { COMPOSER_TITLES } from './composer-dialog.tsx';
import { ComposerSkeleton } from './composer-skeleton.tsx';
import { DiscardDialog } from './discard-dialog.tsx';
import { ParentPost } from './parent-post-card.tsx';
import { ProfileIncompleteDialog } from './profile-incomplete-dialog.tsx';

const ComposerForm = lazy(loadComposerForm);

/** Leaving for these keeps the draft without asking: it is waiting when the person returns. */
function keepsDraft(pathname: string): boolean {
  return pathname === paths.createCategories.path || pathname === paths.profileSetUp.path;
}

interface ComposePageProps {
  parentId: string | null;
}

/** The narrow-screen compose page: the composer as a page, the answered post above it. */
function ComposePageContent({ parentId, fallback }: ComposePageProps & { fallback: string }) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const known = (location.state as ComposeLocationState | null)?.parentPost;
  const draftKey = draftKeyFor(parentId);
  const draft = useDraft(draftKey);
  const isComment = parentId !== null;

  // Leaving with something written asks first (docs/product/messages.md#inbox-and-chat: 'Cancel Comment?'),
  // whether by the back button, a link or the browser's back.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      draftHasContent(draft) &&
      nextLocation.pathname !== currentLocation.pathname &&
      !keepsDraft(nextLocation.pathname),
  );
  const handleDiscard = () => {
    draftStore.clear(draftKey);
    if (blocker.state === 'blocked') blocker.proceed();
  };

  return (
    <>
      <ModalPage title={isComment ? COMPOSER_TITLES.comment : COMPOSER_TITLES.post} fallback={fallback}>
        <div className={styles.page}>
          {parentId && <ParentPost parentId={parentId} known={known ?? null} />}
          <Suspense fallback={<ComposerSkeleton />}>
            <ComposerForm
              parentId={parentId}
              presentation="page"
              composeHref={here}
              categoriesHref={isComment ? undefined : paths.createCategories.getHref({ goBack: here })}
            />
          </Suspense>
        </div>
      </ModalPage>
      <DiscardDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
        isComment={isComment}
        onDiscard={handleDiscard}
      />
      <ProfileIncompleteDialog />
    </>
  );
}

/**
 * /create/post and /create/comment/:postId (docs/product/community.md#narrow-screen-pages). At 769 px and below the composer is
 * this page, with a back button to goBack. On wider screens the composer is a dialog: the
 * page hands over to it on the goBack page. Someone whose profile is not set up is sent
 * back there too, with the 'Your profile is not complete' prompt.
 */
export function ComposePage({ parentId }: ComposePageProps) {
  const isPhone = useMediaQuery(MEDIA.mobile);
  const viewer = useViewer();
  const campus = useCampus();
  const gate = composerGate(viewer, campus);
  const fallback = parentId ? paths.post.getHref(parentId) : paths.home.getHref();
  const backTo = useGoBack(fallback);
  const navigate = useNavigate();
  const location = useLocation();
  // Only the browser knows the screen: the server draws nothing here, and the page decides
  // once it is live (decision 031).
  const hydrated = useHydrated();
  const handOff = hydrated && (!isPhone || gate !== 'ok');

  // biome-ignore lint/correctness/useExhaustiveDependencies: hands over once, on arrival
  useEffect(() => {
    if (!handOff) return;
    const here = `${location.pathname}${location.search}`;
    if (gate === 'profile-incomplete') {
      composerUiStore.openProfilePrompt(paths.profileSetUp.getHref({ origin: 'post', goBack: here }));
    } else if (gate === 'ok') {
      const known = (location.state as ComposeLocationState | null)?.parentPost ?? null;
      composerUiStore.openDialog({ parentId, parentPost: known });
    }
    navigate(backTo, { replace: true });
  }, [handOff]);

  if (!hydrated || handOff) return null;
  return <ComposePageContent parentId={parentId} fallback={fallback} />;
}
