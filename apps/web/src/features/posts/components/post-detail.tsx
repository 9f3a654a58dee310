import {
  AD_MESSAGES,
  LIKED_BY_TEXTS,
  LISTING_MESSAGES,
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  POST_DETAIL_MESSAGES,
  type Post,
  type PostPage,
  PROFILE_MESSAGES,
} from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Flag, Link2, MessageCircle, Pencil, Rocket, Send, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMemberGate } from '@/components/auth-modal/index.ts';
import { ListingStatusTag, MakeOfferButton, MarkListingMenu, SoldBanner } from '@/components/deals/index.ts';
import { fullName } from '@/components/post-card/author-line.tsx';
import { usePostBoostControls } from '@/components/post-card/boost-bridge.tsx';
import { DeletePostDialog } from '@/components/post-card/delete-post-dialog.tsx';
import { useOpenListingEditor } from '@/components/post-card/edit-bridge.tsx';
import { formatFullDate } from '@/components/post-card/format-post.ts';
import { PostActions, useCommentOn } from '@/components/post-card/post-actions.tsx';
import { PostMediaFull } from '@/components/post-card/post-media.tsx';
import {
  CampusTag,
  CategoryTag,
  ConditionTag,
  EditedMark,
  ExpiredTag,
  PriceTag,
} from '@/components/post-card/post-tags.tsx';
import { PostText } from '@/components/post-card/post-text.tsx';
import { RenewButton } from '@/components/post-card/renew-button.tsx';
import { useCopyLink } from '@/components/post-card/use-copy-link.ts';
import { preloadReportDialog, ReportDialog, useCanReport } from '@/components/report/index.ts';
import { RateDeal } from '@/components/reviews/index.ts';
import { useStartConversation } from '@/components/start-conversation/use-start-conversation.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { trackPostAnalytics } from '@/lib/analytics.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCampus } from '@/lib/campus.ts';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { useViewer } from '@/lib/viewer.ts';
import { usePostQuery } from '../api/get-post.ts';
import { CommentThread } from './comment-thread.tsx';
import { ParentChain } from './parent-chain.tsx';
import styles from './post-detail.module.css';
import { PostNotFound } from './post-not-found.tsx';

const COPIED = 'Copied';

/** True for the answer of a post that does not exist (or not on this campus). */
function isPostNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'POST_NOT_FOUND');
}

/**
 * Boost Post, Mark as… and Delete for the owner; Send Message and Make offer for everyone else;
 * Copy link for all. `?mark=sold` opens the owner's sold picker (docs/product/selling.md).
 */
function OwnerOrVisitorBar({ post }: { post: Post }) {
  const viewer = useViewer();
  const [searchParams] = useSearchParams();
  const allow = useMemberGate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { copied, copy } = useCopyLink(post.id);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const canReport = useCanReport(post.author.id);
  const deleted = useRef(false);
  const isOwner = viewer?.id === post.author.id;
  const conversation = useStartConversation();
  const BoostControls = usePostBoostControls();
  const openEditor = useOpenListingEditor();

  // Opens the chat with the author in either direction, or starts one (docs/product/messages.md#starting-a-chat).
  const sendMessage = () => {
    if (allow('message')) conversation.start(post.author.id);
  };

  // Forget the deleted post once this page is gone: while it is still on screen, dropping its
  // query would only make the page ask the server for it again (and get a 404).
  useEffect(() => {
    const postId = post.id;
    return () => {
      if (deleted.current) queryClient.removeQueries({ queryKey: queryKeys.post.detail(postId), exact: true });
    };
  }, [queryClient, post.id]);

  const handleDeleted = () => {
    deleted.current = true;
    const parent = post.parentId;
    navigate(parent ? paths.post.getHref(parent) : paths.home.getHref(), { replace: true });
  };

  // Only top-level posts are listings: they can be boosted, marked and offered on.
  const boostable = post.parentId === null;
  const sendMessageButton = (
    <>
      <Button size="sm" onClick={sendMessage} disabled={conversation.isPending}>
        <Send aria-hidden="true" size={16} />
        {PROFILE_MESSAGES.sendMessage}
      </Button>
      {boostable && <MakeOfferButton post={post} />}
    </>
  );

  return (
    <div className={styles.bar}>
      {/* The seller and the buyer of a sold listing: 'Rate {name}' while a review is due (docs/product/reviews.md). */}
      {boostable && viewer && <RateDeal post={post} openOnMount={searchParams.get('rate') === 'true'} />}
      {isOwner ? (
        <>
          {boostable && <MarkListingMenu post={post} openSold={searchParams.get('mark') === 'sold'} />}
          {boostable &&
            post.status !== 'sold' &&
            (BoostControls ? (
              <BoostControls post={post} isOwner sendMessage={null} />
            ) : (
              <ButtonLink to={paths.postBoost.getHref(post.id)} size="sm">
                <Rocket aria-hidden="true" size={16} />
                {AD_MESSAGES.boostPost}
              </ButtonLink>
            ))}
          {boostable && openEditor && (
            <Button variant="secondary" size="sm" onClick={() => openEditor(post)}>
              <Pencil aria-hidden="true" size={16} />
              {LISTING_MESSAGES.edit}
            </Button>
          )}
          <Button variant="secondary" size="sm" className={styles.danger} onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden="true" size={16} />
            {PROFILE_MESSAGES.delete}
          </Button>
        </>
      ) : boostable && BoostControls ? (
        <BoostControls post={post} isOwner={false} sendMessage={sendMessageButton} />
      ) : (
        sendMessageButton
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          // Counted only while the post has an active ad, never for its owner (the server decides).
          trackPostAnalytics('copied_link', post.id);
          void copy();
        }}
      >
        {copied ? <Check aria-hidden="true" size={16} /> : <Link2 aria-hidden="true" size={16} />}
        {copied ? COPIED : PROFILE_MESSAGES.copyLink}
      </Button>
      {canReport && (
        <Button
          variant="secondary"
          size="sm"
          onPointerEnter={preloadReportDialog}
          onFocus={preloadReportDialog}
          onClick={() => setReporting(true)}
        >
          <Flag aria-hidden="true" size={16} />
          {MODERATION_SCREEN_TEXTS.report}
        </Button>
      )}
      {reporting && (
        // A comment opened on its own page is reported as a comment (docs/product/moderation.md#reporting).
        <ReportDialog
          target={{ type: post.parentId === null ? 'post' : 'comment', id: post.id }}
          open={reporting}
          onOpenChange={setReporting}
          title={
            post.parentId === null ? MODERATION_MESSAGES.reportTitle.post : MODERATION_MESSAGES.reportTitle.comment
          }
        />
      )}
      {deleting && (
        <DeletePostDialog post={post} open={deleting} onOpenChange={setDeleting} onDeleted={handleDeleted} />
      )}
    </div>
  );
}

/**
 * The post's date in the reader's time zone, which only the browser knows: UTC as the server
 * drew it while the page hydrates, then the reader's. Its own component, so that only the date is
 * drawn again once the page is live, not the whole post (decision 045).
 */
function PostTime({ createdAt }: { createdAt: string }) {
  const hydrated = useHydrated();
  return <time dateTime={createdAt}>{formatFullDate(createdAt, { utc: !hydrated })}</time>;
}

function PostBody({ page }: { page: PostPage }) {
  const campus = useCampus();
  const commentOn = useCommentOn();
  const viewer = useViewer();
  const { post, ancestors, comments } = page;
  const name = fullName(post.author);
  return (
    <>
      <ParentChain ancestors={ancestors} />
      <article className={styles.post} aria-label={`Post by ${name}`}>
        <SoldBanner status={post.status} />
        <header className={styles.author}>
          <Link
            to={paths.profile.getHref(post.author.username)}
            className={styles.avatar}
            onClick={() => trackPostAnalytics('profile_visit', post.id)}
          >
            <Avatar src={post.author.img} size={48} alt="" />
            <span className={styles.names}>
              <span className={styles.name}>{name}</span>
              <span className={styles.username}>@{post.author.username}</span>
            </span>
          </Link>
        </header>
        <div className={styles.tags}>
          {post.expired && <ExpiredTag />}
          <PriceTag priceCents={post.priceCents} previousPriceCents={post.previousPriceCents} size="lg" />
          <ListingStatusTag status={post.status} />
          <CampusTag shortName={campus.shortName} />
          <ConditionTag condition={post.condition} />
          <CategoryTag category={post.category} />
        </div>
        {post.expired && (
          <div className={styles.expiredNote} role="status">
            <p>{viewer?.id === post.author.id ? LISTING_MESSAGES.expiredNoteOwner : LISTING_MESSAGES.expiredNote}</p>
            {viewer?.id === post.author.id && <RenewButton post={post} />}
          </div>
        )}
        <PostText text={post.plainText} size="lg" />
        <PostMediaFull media={post.media} ownerName={post.author.firstName} />
        <p className={styles.time}>
          <PostTime createdAt={post.createdAt} />
          {post.editedAt && (
            <>
              {' · '}
              <EditedMark editedAt={post.editedAt} />
            </>
          )}
        </p>
        {post.likesCount > 0 && (
          // Tapping the save count lists who saved it (docs/product/community.md#route-table 'liked by').
          <p className={styles.stats}>
            <Link to={paths.postLikedBy.getHref(post.id)} className={styles.statsLink}>
              {LIKED_BY_TEXTS.count(post.likesCount)}
            </Link>
          </p>
        )}
        <div className={styles.actions}>
          <PostActions post={post} size="lg" />
        </div>
        <OwnerOrVisitorBar post={post} />
      </article>
      <section className={styles.comments} aria-label="Comments">
        {comments.length > 0 ? (
          <CommentThread comments={comments} />
        ) : (
          <EmptyState
            icon={<MessageCircle aria-hidden="true" size={28} />}
            title={POST_DETAIL_MESSAGES.beFirstToComment}
            action={
              <Button {...opensComposer} onClick={() => commentOn(post)}>
                {POST_DETAIL_MESSAGES.createAComment}
              </Button>
            }
          />
        )}
      </section>
    </>
  );
}

function PostDetailSkeleton() {
  return (
    <div className={styles.post} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className={styles.skeletonHead}>
        <Skeleton circle width={48} height={48} />
        <div className={styles.skeletonNames}>
          <Skeleton width={140} height={16} />
          <Skeleton width={100} height={14} />
        </div>
      </div>
      <div className={styles.tags}>
        <Skeleton width={64} height={30} />
        <Skeleton width={48} height={26} />
      </div>
      <div className={styles.skeletonText}>
        <Skeleton height={18} />
        <Skeleton width="70%" height={18} />
      </div>
      <Skeleton className={styles.skeletonMedia} height={300} />
    </div>
  );
}

/** /post/{id}: the post in full, its parents when it is a reply, and its comment thread. */
export function PostDetail({ postId }: { postId: string }) {
  const query = usePostQuery(postId);
  if (query.isPending) return <PostDetailSkeleton />;
  if (query.isError) {
    if (isPostNotFound(query.error)) return <PostNotFound />;
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <PostBody page={query.data} />;
}
