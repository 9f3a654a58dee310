import type { Post } from '@campus/contract';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthModal, useVerifySchoolModal } from '@/components/auth-modal/index.ts';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { MEDIA, matchesMedia } from '@/lib/media-query.ts';
import { useViewer } from '@/lib/viewer.ts';
import { composerGate, composerUiStore } from '../lib/composer-store.ts';
import { preloadComposer } from '../lib/load.ts';

export interface OpenComposerOptions {
  /** Comment on this post, or reply to this comment. Defaults to `parentPost.id`. */
  parentId?: string;
  /** The post answered, if the caller has it: shown above the editor, saving a request. */
  parentPost?: Post;
  /** Where the narrow-screen page returns to; defaults to the current page. */
  goBack?: string;
}

/** Navigation state of /create/comment/:postId: the answered post, when the opener had it. */
export interface ComposeLocationState {
  parentPost?: Post;
}

/**
 * Opens the composer for a new post, a comment or a reply:
 *
 *   const composer = useComposer();
 *   <Button onClick={() => composer.open()}>Create Post</Button>
 *   <Button onClick={() => composer.open({ parentPost: post })}>Comment</Button>
 *
 * Visitors get the login modal ('post' or 'comment'), people without a verified school the
 * verify-school modal, and people whose profile lacks a picture or bio the 'Your profile is
 * not complete' prompt (docs/product/community.md#profile-needed-to-post, docs/product/community.md#permission-table). Members get a dialog on wide screens; at 769 px and
 * below they go to /create/post or /create/comment/{id} with goBack (docs/product/community.md#narrow-screen-pages).
 */
export function useComposer(): { open: (options?: OpenComposerOptions) => void } {
  const viewer = useViewer();
  const campus = useCampus();
  const authModal = useAuthModal();
  const verifySchoolModal = useVerifySchoolModal();
  const navigate = useNavigate();
  const location = useLocation();

  const open = useCallback(
    (options: OpenComposerOptions = {}) => {
      const parentPost = options.parentPost ?? null;
      const parentId = options.parentId ?? parentPost?.id ?? null;
      const goBack = options.goBack ?? `${location.pathname}${location.search}`;
      const composeHref = parentId
        ? paths.createComment.getHref(parentId, { goBack })
        : paths.createPost.getHref({ goBack });

      switch (composerGate(viewer, campus)) {
        case 'visitor':
          void authModal.open(parentId ? 'comment' : 'post');
          return;
        case 'verify-school':
          verifySchoolModal.open();
          return;
        case 'other-campus':
          // The login/join modal words for a member of another campus (docs/product/community.md#modals).
          void authModal.open(parentId ? 'comment' : 'post');
          return;
        case 'profile-incomplete':
          composerUiStore.openProfilePrompt(paths.profileSetUp.getHref({ origin: 'post', goBack: composeHref }));
          return;
        case 'ok':
          break;
      }
      preloadComposer();
      if (matchesMedia(MEDIA.mobile)) {
        const state: ComposeLocationState | undefined = parentPost ? { parentPost } : undefined;
        navigate(composeHref, { state });
        return;
      }
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      composerUiStore.openDialog({ parentId, parentPost }, opener);
    },
    [viewer, campus, authModal, verifySchoolModal, navigate, location.pathname, location.search],
  );

  return useMemo(() => ({ open }), [open]);
}
