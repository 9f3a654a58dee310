import {
  type AdCta,
  LISTING_MESSAGES,
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  POST_MESSAGES,
  type Post,
} from '@campus/contract';
import { PartyPopper } from 'lucide-react';
import { type MouseEvent, memo } from 'react';
import { Link, useNavigate } from 'react-router';
import ribbonStyles from '@/components/deals/deals.module.css';
import { ListingStatusTag, SoldRibbon } from '@/components/deals/listing-status.tsx';
import { ReportMenu, useCanReport } from '@/components/report/index.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { paths } from '@/config/paths.ts';
import { useViewer } from '@/lib/viewer.ts';
import { AuthorLine, fullName } from './author-line.tsx';
import { formatFullDate, formatRelativeTime } from './format-post.ts';
import { PostActions } from './post-actions.tsx';
import styles from './post-card.module.css';
import { PostMediaStrip } from './post-media.tsx';
import { CategoryTag, ConditionTag, EditedMark, ExpiredTag, PriceTag } from './post-tags.tsx';
import { PostText } from './post-text.tsx';
import { RenewButton } from './renew-button.tsx';
import { SponsoredCta, SponsoredLabel } from './sponsored-cta.tsx';

/** Clicks on these go where they point; a click anywhere else on a card opens the post. */
const OWN_CLICK = 'a, button, video, input, textarea, select, [role="dialog"]';

function useOpenOnClick(postId: string) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest(OWN_CLICK)) return;
    // Selecting text to copy it is not a request to open the post.
    if (window.getSelection()?.toString()) return;
    navigate(paths.post.getHref(postId));
  };
}

/** A student joined (a post of type 'new user'): one quiet line, no actions. */
function JoinedCard({ post }: { post: Post }) {
  return (
    <article className={`${styles.card} ${styles.joined}`}>
      <span className={styles.joinedIcon}>
        <PartyPopper aria-hidden="true" size={18} />
      </span>
      <p className={styles.joinedText}>
        <Link to={paths.profile.getHref(post.author.username)} className={styles.joinedName}>
          {fullName(post.author)}
        </Link>{' '}
        {POST_MESSAGES.hasJoined}
      </p>
      {/* The age the server drew may have turned a minute by the time the page is hydrated. */}
      <time
        className={styles.joinedTime}
        dateTime={post.createdAt}
        title={formatFullDate(post.createdAt)}
        suppressHydrationWarning
      >
        {formatRelativeTime(post.createdAt)}
      </time>
    </article>
  );
}

function Card({ post, sponsored, eager }: { post: Post; sponsored?: AdCta; eager?: boolean }) {
  const handleClick = useOpenOnClick(post.id);
  const viewer = useViewer();
  const canReport = useCanReport(post.author.id);
  if (post.type === 'new user') return <JoinedCard post={post} />;
  const name = fullName(post.author);
  const hasTags =
    post.priceCents !== null ||
    post.category !== null ||
    post.condition !== null ||
    post.status !== 'available' ||
    post.expired ||
    post.editedAt;
  const ownExpired = post.expired && viewer?.id === post.author.id;
  return (
    // The card is a large click target for pointers; keyboard users reach the post by its time link.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the time link inside is the keyboard route to the post
    <article
      className={post.status === 'sold' ? `${styles.card} ${ribbonStyles.ribboned}` : styles.card}
      onClick={handleClick}
      aria-label={sponsored ? `Sponsored post by ${name}` : `Post by ${name}`}
    >
      <SoldRibbon status={post.status} />
      <Link to={paths.profile.getHref(post.author.username)} className={styles.avatar} tabIndex={-1} aria-hidden="true">
        <Avatar src={post.author.img} size={44} />
      </Link>
      <div className={styles.body}>
        {sponsored && <SponsoredLabel />}
        <div className={styles.head}>
          <AuthorLine author={post.author} createdAt={post.createdAt} postId={post.id} className={styles.headLine} />
          {/* Sponsored posts have their own call-to-action; reporting them happens on the post page. */}
          {canReport && !sponsored && (
            <ReportMenu
              target={{ type: post.parentId === null ? 'post' : 'comment', id: post.id }}
              title={
                post.parentId === null ? MODERATION_MESSAGES.reportTitle.post : MODERATION_MESSAGES.reportTitle.comment
              }
              label={MODERATION_SCREEN_TEXTS.cardOptions}
              triggerClassName={styles.menuTrigger}
            />
          )}
        </div>
        {hasTags && (
          <div className={styles.tags}>
            {post.expired && <ExpiredTag />}
            <PriceTag priceCents={post.priceCents} previousPriceCents={post.previousPriceCents} />
            <ListingStatusTag status={post.status} />
            <ConditionTag condition={post.condition} />
            <CategoryTag category={post.category} />
            <EditedMark editedAt={post.editedAt} />
          </div>
        )}
        {ownExpired && (
          <div className={styles.expiredNote}>
            <p>{LISTING_MESSAGES.expiredNoteOwner}</p>
            <RenewButton post={post} />
          </div>
        )}
        <PostText text={post.plainText} preview />
        <PostMediaStrip media={post.media} ownerName={post.author.firstName} eager={eager} />
        <PostActions post={post} />
        {sponsored && <SponsoredCta post={post} cta={sponsored} />}
      </div>
    </article>
  );
}

/**
 * A post in a list: author, price and category, the text cut at 200 characters, media, actions.
 * `sponsored`: the post is a boosted ad in the feed — a 'Sponsored' line and its call-to-action.
 * `eager`: the card is on screen when the page opens (its photo loads first, not lazily).
 *
 * Memoised: a list that draws its cards a few per task (InfiniteList) draws only the new ones in
 * each task, not every card again; a card is drawn again when its post changes (a save, an edit).
 */
export const PostCard = memo(Card);
