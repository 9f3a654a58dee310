import { LISTING_MESSAGES, MODERATION_MESSAGES, type Post, PROFILE_MESSAGES } from '@campus/contract';
import { Ellipsis, Flag, Images, Link2, MessageCircle, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMemberGate } from '@/components/auth-modal/index.ts';
import { MarkListingItems, PendingOnPhoto, SoldRibbon, useListingMarker } from '@/components/deals/index.ts';
import { useRenewPost } from '@/components/post-card/api/renew-post.ts';
import { fullName } from '@/components/post-card/author-line.tsx';
import { DeletePostDialog } from '@/components/post-card/delete-post-dialog.tsx';
import { FIRST_SCREEN_TILES } from '@/components/post-card/eager-photos.ts';
import { useOpenListingEditor } from '@/components/post-card/edit-bridge.tsx';
import { formatAge } from '@/components/post-card/format-post.ts';
import { SaveButton } from '@/components/post-card/post-actions.tsx';
import { useCopyLink } from '@/components/post-card/use-copy-link.ts';
import { preloadReportDialog, ReportDialog, useCanReport } from '@/components/report/index.ts';
import { StartConversationDialog } from '@/components/start-conversation/start-conversation-dialog.tsx';
import menuStyles from '@/components/ui/dropdown-menu.module.css';
import { MenuOnDemand } from '@/components/ui/menu-on-demand.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './post-media-card.module.css';

const CARD_TEXTS = { message: 'Message', options: 'Post options' } as const;

/**
 * A post's first photo (or video frame) filling a square, with a badge for a video or for more
 * photos: the post-media card's picture and the /media grid's tiles. `label` empty when the
 * link around it already names the post; `eager` for a tile of the first screen.
 */
export function MediaThumb({ post, label, eager = false }: { post: Post; label: string; eager?: boolean }) {
  const first = post.media[0];
  if (!first) return null;
  return (
    <>
      {first.kind === 'video' ? (
        // The first frame stands in for a poster; it plays on the post page.
        <video
          className={styles.thumb}
          src={first.url}
          muted
          playsInline
          preload="metadata"
          aria-label={label || undefined}
        />
      ) : (
        <img
          className={styles.thumb}
          src={first.url}
          alt={label}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          // A tile of the first row is the page's largest paint: asked for first (docs/perf/README.md).
          fetchPriority={eager ? 'high' : 'auto'}
          width={300}
          height={300}
        />
      )}
      {first.kind === 'video' ? (
        <span className={styles.badge}>
          <Play aria-hidden="true" size={14} fill="currentColor" />
        </span>
      ) : (
        post.media.length > 1 && (
          <span className={styles.badge}>
            <Images aria-hidden="true" size={14} />
          </span>
        )
      )}
    </>
  );
}

/**
 * The shared post-media card (docs/product/profiles.md#post-media-card): the first photo (or video frame) linking to the post,
 * '{time} ago', Message (to the author: 'Start Conversation?'), the like toggle, and a menu
 * with Copy link ({campus}/post/{id}?redirect=true) and, for the author, Delete ('Delete Post?').
 */
function PostMediaCard({ post, eager }: { post: Post; eager: boolean }) {
  const viewer = useViewer();
  const allow = useMemberGate();
  const { copy } = useCopyLink(post.id);
  const [messaging, setMessaging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const canReport = useCanReport(post.author.id);
  const trigger = useRef<HTMLButtonElement>(null);
  const marker = useListingMarker(post);
  const openEditor = useOpenListingEditor();
  const renew = useRenewPost();
  const first = post.media[0];
  if (!first) return null;
  const name = fullName(post.author);
  const isOwner = viewer?.id === post.author.id;
  return (
    <article className={styles.card} aria-label={`Post by ${name}`}>
      <Link to={paths.post.getHref(post.id)} className={styles.image}>
        <MediaThumb
          post={post}
          eager={eager}
          label={`${first.kind === 'video' ? 'Video' : 'Photo'} from ${name}'s post${post.status === 'available' ? '' : ` (${post.status})`}`}
        />
        <SoldRibbon status={post.status} corner="left" />
        <PendingOnPhoto status={post.status} />
        {post.expired && <span className={styles.expired}>{LISTING_MESSAGES.expired}</span>}
      </Link>
      <div className={styles.bar}>
        <time className={styles.age} dateTime={post.createdAt}>
          {PROFILE_MESSAGES.ago(formatAge(post.createdAt))}
        </time>
        <div className={styles.actions}>
          {!isOwner && (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={`${CARD_TEXTS.message} ${post.author.firstName}`}
              onClick={() => allow('message') && setMessaging(true)}
            >
              <MessageCircle aria-hidden="true" size={18} />
            </button>
          )}
          <SaveButton post={post} compact />
          <MenuOnDemand
            face={<Ellipsis aria-hidden="true" size={18} />}
            label={CARD_TEXTS.options}
            triggerClassName={styles.iconButton}
            triggerRef={trigger}
            onIntent={canReport ? preloadReportDialog : undefined}
          >
            {(DropdownMenu) => (
              <>
                <DropdownMenu.Item className={menuStyles.menuItem} onSelect={() => void copy()}>
                  <Link2 aria-hidden="true" size={18} />
                  {PROFILE_MESSAGES.copyLink}
                </DropdownMenu.Item>
                {isOwner && openEditor && post.parentId === null && (
                  <DropdownMenu.Item className={menuStyles.menuItem} onSelect={() => openEditor(post)}>
                    <Pencil aria-hidden="true" size={18} />
                    {LISTING_MESSAGES.edit}
                  </DropdownMenu.Item>
                )}
                {isOwner && post.expired && (
                  <DropdownMenu.Item className={menuStyles.menuItem} onSelect={() => renew.mutate(post.id)}>
                    <RefreshCw aria-hidden="true" size={18} />
                    {LISTING_MESSAGES.renew}
                  </DropdownMenu.Item>
                )}
                {isOwner && post.parentId === null && <MarkListingItems post={post} markAs={marker.markAs} />}
                {isOwner && (
                  <DropdownMenu.Item
                    className={`${menuStyles.menuItem} ${menuStyles.danger}`}
                    onSelect={() => setDeleting(true)}
                  >
                    <Trash2 aria-hidden="true" size={18} />
                    {PROFILE_MESSAGES.delete}
                  </DropdownMenu.Item>
                )}
                {canReport && (
                  <DropdownMenu.Item
                    className={`${menuStyles.menuItem} ${menuStyles.danger}`}
                    onSelect={() => setReporting(true)}
                  >
                    <Flag aria-hidden="true" size={18} />
                    {post.parentId === null
                      ? MODERATION_MESSAGES.reportTitle.post
                      : MODERATION_MESSAGES.reportTitle.comment}
                  </DropdownMenu.Item>
                )}
              </>
            )}
          </MenuOnDemand>
        </div>
      </div>
      {messaging && <StartConversationDialog user={post.author} open={messaging} onOpenChange={setMessaging} />}
      {deleting && <DeletePostDialog post={post} open={deleting} onOpenChange={setDeleting} />}
      {reporting && (
        <ReportDialog
          target={{ type: post.parentId === null ? 'post' : 'comment', id: post.id }}
          open={reporting}
          onOpenChange={setReporting}
          title={
            post.parentId === null ? MODERATION_MESSAGES.reportTitle.post : MODERATION_MESSAGES.reportTitle.comment
          }
          returnFocusTo={trigger}
        />
      )}
      {marker.dialog}
    </article>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'] as const;

/** Cards two to a row (three on wide columns), as a list. */
export function PostMediaGrid({ posts }: { posts: Post[] }) {
  return (
    <ul className={styles.grid}>
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostMediaCard post={post} eager={index < FIRST_SCREEN_TILES} />
        </li>
      ))}
    </ul>
  );
}

export function PostMediaGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {SKELETON_KEYS.slice(0, count).map((key) => (
        <li key={key}>
          <Skeleton className={styles.skeleton} height="auto" />
        </li>
      ))}
    </ul>
  );
}
