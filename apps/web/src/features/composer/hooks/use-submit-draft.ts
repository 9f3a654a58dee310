import { ALERT_TIMING, POST_MESSAGES, type Post } from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthModal, useVerifySchoolModal } from '@/components/auth-modal/index.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { createPost } from '../api/create-post.ts';
import { composerUiStore } from '../lib/composer-store.ts';
import { type Draft, type DraftKey, draftStore, draftToFormData } from '../lib/draft-store.ts';

export type ComposerPresentation = 'dialog' | 'page';

interface SubmitOptions {
  draftKey: DraftKey;
  parentId: string | null;
  /** Dialog (desktop): close and alert. Page (narrow screens): redirect after 1 s. */
  presentation: ComposerPresentation;
  /** Dialog: the post went out; close. */
  onPosted?: () => void;
  /** Address of this composer, for the profile set-up's way back. */
  composeHref: string;
}

export interface Upload {
  /** 'Uploading Post...' or 'Uploading Photos...', fixed when sending starts. */
  title: string;
  /** Sent fraction, 0 to 1. */
  progress: number;
}

/** Query keys that show posts: every feed list, and for comments the post pages. */

/**
 * Sends a draft (docs/product/community.md#posting). While it goes, `upload` drives the progress modal
 * and the Post button reads 'Processing...'. Success clears the draft and refreshes the
 * feeds; then a dialog closes with 'Posted! Your post was sent.' (View link) or 'Your reply
 * was sent', while a page redirects after 1 s. Failure keeps every bit of the draft.
 */
export function useSubmitDraft({ draftKey, parentId, presentation, onPosted, composeHref }: SubmitOptions) {
  const [upload, setUpload] = useState<Upload | null>(null);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const verifySchoolModal = useVerifySchoolModal();
  const redirectTimer = useRef<number | undefined>(undefined);
  const sending = useRef(false);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const handleFailure = useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'PROFILE_INCOMPLETE') {
        composerUiStore.openProfilePrompt(paths.profileSetUp.getHref({ origin: 'post', goBack: composeHref }));
      } else if (code === 'SCHOOL_NOT_VERIFIED') {
        verifySchoolModal.open();
      } else if (code === 'UNAUTHENTICATED') {
        void authModal.open(parentId ? 'comment' : 'post');
      } else {
        // The server's words for what the person can fix; never a 5xx's internals.
        const own = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
        showAlert(own || POST_MESSAGES.submitFailed, { type: 'danger' });
      }
    },
    [composeHref, verifySchoolModal, authModal, parentId, showAlert],
  );

  const handleSent = useCallback(
    (post: Post) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
      if (parentId) void queryClient.invalidateQueries({ queryKey: queryKeys.post.all });
      draftStore.clear(draftKey);

      if (presentation === 'dialog') {
        sending.current = false;
        setUpload(null);
        onPosted?.();
        showAlert(parentId ? POST_MESSAGES.replySent : POST_MESSAGES.posted, { type: 'success', postId: post.id });
        return;
      }
      // The full bar stays up for the moment before the page moves on (docs/product/community.md#posting, docs/product/community.md#limits).
      redirectTimer.current = window.setTimeout(() => {
        if (parentId) {
          storeAlert(POST_MESSAGES.replySent, { type: 'success' });
          navigate(paths.post.getHref(post.rootId ?? parentId), { replace: true });
        } else {
          navigate(paths.home.getHref({ filter: 'notify-posted' }), { replace: true });
        }
      }, ALERT_TIMING.mobileRedirectAfterPostMs);
    },
    [queryClient, parentId, draftKey, presentation, onPosted, showAlert, navigate],
  );

  const submit = useCallback(
    async (draft: Draft) => {
      if (sending.current) return;
      sending.current = true;
      const title = draft.files.length > 0 ? POST_MESSAGES.uploadingPhotos : POST_MESSAGES.uploadingPost;
      setUpload({ title, progress: 0 });
      let post: Post;
      try {
        post = await createPost(draftToFormData(draft, parentId), {
          onProgress: (progress) => setUpload({ title, progress }),
        });
      } catch (error) {
        sending.current = false;
        setUpload(null);
        handleFailure(error);
        return;
      }
      handleSent(post);
    },
    [parentId, handleFailure, handleSent],
  );

  return { submit, upload };
}
