import { formatRating, type PublicProfile, REVIEW_MESSAGES, type Review } from '@campus/contract';
import { Flag, MessageSquareQuote, Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { preloadReportDialog, ReportDialog, useCanReport } from '@/components/report/index.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { useProfileReviewsQuery, useReplyToReview } from './api.ts';
import { reviewTextError } from './review-form.tsx';
import { ReviewTextField } from './review-text-field.tsx';
import styles from './reviews.module.css';
import { Stars } from './stars.tsx';

const DATE = { month: 'short', day: 'numeric', year: 'numeric' } as const;
/** The server draws dates in UTC; the browser in its own zone once hydrated (as post dates are). */
const dateFormats = {
  utc: new Intl.DateTimeFormat('en-US', { ...DATE, timeZone: 'UTC' }),
  local: new Intl.DateTimeFormat('en-US', DATE),
};
const MORE = 'Show more reviews';
const LOAD_FAILED = 'We couldn’t load these reviews. Check your connection and try again.';

function ReplyForm({ review, onDone }: { review: Review; onDone: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToReview();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = reviewTextError(text);
    setError(bad);
    if (bad || reply.isPending) return;
    reply.mutate(
      { reviewId: review.id, text },
      {
        onSuccess: onDone,
        onError: (e) => setError(e instanceof ApiError ? e.message : LOAD_FAILED),
      },
    );
  };
  return (
    <form className={styles.replyForm} onSubmit={submit} noValidate>
      <ReviewTextField label={REVIEW_MESSAGES.replyLabel} value={text} onChange={setText} error={error} autoFocus />
      <Button type="submit" size="sm" disabled={reply.isPending}>
        {REVIEW_MESSAGES.sendReply}
      </Button>
    </form>
  );
}

/** One published review: stars, the reviewer, what was sold, the text and the reply if any. */
function ReviewCard({ review }: { review: Review }) {
  const [replying, setReplying] = useState(false);
  const [reporting, setReporting] = useState(false);
  const author = review.author;
  const hydrated = useHydrated();
  // One's own review is not one's to report (the server refuses it too).
  const canReport = useCanReport(author.id);
  return (
    <li className={styles.card}>
      <div className={styles.cardHead}>
        <Link to={paths.profile.getHref(author.username)} className={styles.reviewer}>
          <Avatar src={author.img} size={40} alt="" />
          <span className={styles.reviewerNames}>
            <span className={styles.reviewerName}>
              {author.firstName} {author.lastName}
            </span>
            <span className={styles.role}>{review.authorRole === 'buyer' ? 'Buyer' : 'Seller'}</span>
          </span>
        </Link>
        <time className={styles.date} dateTime={review.createdAt}>
          {(hydrated ? dateFormats.local : dateFormats.utc).format(new Date(review.createdAt))}
        </time>
      </div>
      <Stars stars={review.stars} />
      <p className={styles.text}>{review.text}</p>
      <p className={styles.listingLink}>
        <Link to={paths.post.getHref(review.postId)}>{REVIEW_MESSAGES.listingLine(review.listingTitle)}</Link>
      </p>
      {review.reply && (
        <blockquote className={styles.reply}>
          <p className={styles.replyHeading}>{REVIEW_MESSAGES.replyHeading(review.subject.firstName)}</p>
          <p className={styles.text}>{review.reply}</p>
        </blockquote>
      )}
      {replying && <ReplyForm review={review} onDone={() => setReplying(false)} />}
      <div className={styles.cardActions}>
        {review.canReply && !replying && (
          <Button variant="secondary" size="sm" onClick={() => setReplying(true)}>
            <MessageSquareQuote aria-hidden="true" size={16} />
            {REVIEW_MESSAGES.reply}
          </Button>
        )}
        {canReport && (
          <Button
            variant="ghost"
            size="sm"
            className={styles.report}
            onPointerEnter={preloadReportDialog}
            onFocus={preloadReportDialog}
            onClick={() => setReporting(true)}
          >
            <Flag aria-hidden="true" size={14} />
            {REVIEW_MESSAGES.report}
          </Button>
        )}
      </div>
      {reporting && (
        <ReportDialog
          target={{ type: 'review', id: review.id }}
          open={reporting}
          onOpenChange={setReporting}
          title={REVIEW_MESSAGES.report}
          doneMessage={REVIEW_MESSAGES.reported}
        />
      )}
    </li>
  );
}

function ReviewListSkeleton() {
  return (
    <div className={styles.list} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {[0, 1].map((n) => (
        <div key={n} className={styles.card}>
          <Skeleton width="40%" height={20} />
          <Skeleton width="25%" height={16} />
          <Skeleton width="90%" height={16} />
        </div>
      ))}
    </div>
  );
}

/** A profile's Reviews tab: published reviews of this person, newest first, 10 at a time (docs/product/reviews.md#on-profiles). */
export function ProfileReviewsList({ profile }: { profile: PublicProfile }) {
  const query = useProfileReviewsQuery(profile.username);
  if (query.isPending) return <ReviewListSkeleton />;
  if (query.isError) {
    return <ErrorState body={LOAD_FAILED} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const reviews = query.data.pages.flatMap((page) => page.reviews);
  if (reviews.length === 0) {
    return (
      <EmptyState
        icon={<Star aria-hidden="true" size={28} />}
        title={REVIEW_MESSAGES.emptyTitle}
        body={profile.isOwn ? REVIEW_MESSAGES.emptyOwnBody : REVIEW_MESSAGES.emptyBody}
      />
    );
  }
  return (
    <section aria-label={`${profile.firstName}’s reviews`}>
      <ul className={styles.list}>
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {MORE}
          </Button>
        </div>
      )}
    </section>
  );
}

/** The header's '4.8 ★ (12)', a link to the Reviews tab; nothing until someone has a published review. */
export function RatingSummary({ username }: { username: string }) {
  const query = useProfileReviewsQuery(username);
  const summary = query.data?.pages[0]?.summary;
  if (!summary || summary.average === null || summary.count === 0) return null;
  const average = formatRating(summary.average);
  return (
    <Link
      to={paths.profile.getHref(username, { show: 'reviews' })}
      className={styles.summary}
      aria-label={REVIEW_MESSAGES.summaryLabel(average, summary.count)}
      replace
    >
      <span>{average}</span>
      <Star aria-hidden="true" size={16} className={styles.starOn} />
      <span className={styles.summaryCount}>({summary.count})</span>
    </Link>
  );
}
