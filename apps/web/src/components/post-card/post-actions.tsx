import { POST_MESSAGES, type Post } from '@campus/contract';
import { Bookmark, MessageCircle, Share } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMemberGate } from '@/components/auth-modal/index.ts';
import { paths } from '@/config/paths.ts';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { formatCount } from '@/lib/format.ts';
import { lazyModule } from '@/lib/lazy-module.ts';
import { useToggleLike } from './api/toggle-like.ts';
import { useOpenComposer } from './composer-bridge.tsx';
import styles from './post-actions.module.css';

/**
 * The Share dialog's code (its options, copying the link) is fetched when somebody points at,
 * touches or focuses Share, not with every page of cards (docs/decisions/046-landing-javascript.md);
 * a click before it is in opens the dialog as soon as it arrives.
 */
const shareModal = lazyModule(() => import('./share-modal.tsx'));
const preloadShareModal = () => void shareModal.load().catch(() => {});

export const ACTION_TEXTS = { comment: 'Comment', share: 'Share', reply: 'Reply' } as const;

/** 'Save 3': the name of a button whose count sits beside its label (read as one phrase). */
function withCount(label: string, count: number): string {
  return count > 0 ? `${label} ${formatCount(count)}` : label;
}

/** Opens the composer for a comment on `post`, or the post page when no composer is at hand. */
export function useCommentOn(): (post: Post) => void {
  const allow = useMemberGate();
  const openComposer = useOpenComposer();
  const navigate = useNavigate();
  return (post: Post) => {
    if (!allow('comment')) return;
    if (openComposer) openComposer({ parentPost: post });
    else navigate(paths.post.getHref(post.id));
  };
}

/** Save / Saved! with its count; visitors and members without a school get the sign-in or verify modal. */
export function SaveButton({ post, compact = false }: { post: Post; compact?: boolean }) {
  const allow = useMemberGate();
  const toggle = useToggleLike();
  const label = post.likedByViewer ? POST_MESSAGES.saved : POST_MESSAGES.save;
  return (
    <button
      type="button"
      aria-label={withCount(label, post.likesCount)}
      className={`${styles.action} ${styles.save} ${post.likedByViewer ? styles.saved : ''}`}
      disabled={toggle.isPending}
      onClick={(event) => {
        event.stopPropagation();
        if (allow('like')) toggle.mutate(post);
      }}
    >
      <Bookmark aria-hidden="true" size={18} fill={post.likedByViewer ? 'currentColor' : 'none'} />
      <span className={compact ? 'visually-hidden' : undefined}>{label}</span>
      {post.likesCount > 0 && <span className={styles.count}>{formatCount(post.likesCount)}</span>}
    </button>
  );
}

/** Comment (with count), Save (with count) and Share under a post (docs/product/community.md#post-page). */
export function PostActions({ post, size = 'md' }: { post: Post; size?: 'md' | 'lg' }) {
  const commentOn = useCommentOn();
  const [sharing, setSharing] = useState(false);
  const loaded = shareModal.useModule();
  return (
    <div className={`${styles.actions} ${size === 'lg' ? styles.lg : ''}`}>
      <button
        type="button"
        className={`${styles.action} ${styles.comment}`}
        {...opensComposer}
        aria-label={withCount(ACTION_TEXTS.comment, post.commentsCount)}
        onClick={(event) => {
          event.stopPropagation();
          commentOn(post);
        }}
      >
        <MessageCircle aria-hidden="true" size={18} />
        <span>{ACTION_TEXTS.comment}</span>
        {post.commentsCount > 0 && <span className={styles.count}>{formatCount(post.commentsCount)}</span>}
      </button>
      <SaveButton post={post} />
      <button
        type="button"
        className={`${styles.action} ${styles.share}`}
        onPointerEnter={preloadShareModal}
        onFocus={preloadShareModal}
        onClick={(event) => {
          event.stopPropagation();
          setSharing(true);
          // A failed download closes it again: the next click tries again.
          shareModal.load().catch(() => setSharing(false));
        }}
      >
        <Share aria-hidden="true" size={18} />
        <span>{ACTION_TEXTS.share}</span>
      </button>
      {sharing && loaded && <loaded.ShareModal postId={post.id} open={sharing} onOpenChange={setSharing} />}
    </div>
  );
}
