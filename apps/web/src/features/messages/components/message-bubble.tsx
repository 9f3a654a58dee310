import {
  CHAT_MESSAGES,
  type Message,
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  POST_DETAIL_MESSAGES,
  SCAM_WARNING_LINK,
  SCAM_WARNING_TEXT,
} from '@campus/contract';
import { Heart, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { ListingStatusTag, OfferCard } from '@/components/deals/index.ts';
import { MeetupCard } from '@/components/meetups/index.ts';
import { PriceTag } from '@/components/post-card/post-tags.tsx';
import { ReportMenu } from '@/components/report/index.ts';
import { paths } from '@/config/paths.ts';
import styles from './messages.module.css';

interface MessageBubbleProps {
  message: Message;
  own: boolean;
  /** Delivered / Seen under the viewer's last sent message. */
  showStatus: boolean;
  onHeart: (message: Message) => void;
  heartPending: boolean;
}

function SharedPostCard({ post }: { post: NonNullable<Message['sharedPost']> }) {
  if (post.deleted) return <p className={styles.sharedDeleted}>{POST_DETAIL_MESSAGES.sharedPostDeleted}</p>;
  return (
    <Link to={paths.post.getHref(post.id)} className={styles.sharedPost}>
      {post.media?.kind === 'image' && <img src={post.media.url} alt="" className={styles.sharedImage} />}
      <span className={styles.sharedBody}>
        <span className={styles.sharedAuthor}>
          {post.author.firstName} {post.author.lastName}
        </span>
        {(post.priceCents !== null || post.status !== 'available') && (
          // The feed card's tags: its price, and 'Pending' or 'Sold' (docs/product/selling.md).
          <span className={styles.sharedTags}>
            {post.priceCents !== null && <PriceTag priceCents={post.priceCents} />}
            <ListingStatusTag status={post.status} />
          </span>
        )}
        {post.plainText && <span className={styles.sharedText}>{post.plainText}</span>}
      </span>
    </Link>
  );
}

const heartsLabel = (count: number) => (count === 1 ? '1 heart' : `${count} hearts`);

/** One message: text, photo or shared post, its hearts, and Delivered / Seen for the last one sent. */
export function MessageBubble({ message, own, showStatus, onHeart, heartPending }: MessageBubbleProps) {
  const time = new Date(message.createdAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return (
    <li className={[styles.messageRow, own ? styles.own : styles.theirs].join(' ')} data-message-id={message.id}>
      <div className={styles.bubbleWrap}>
        {/* An offer is its card (docs/product/selling.md#offers), with its answers for the other side. */}
        {message.offerId !== null ? (
          <OfferCard message={{ ...message, offerId: message.offerId }} own={own} />
        ) : message.meetupId !== null ? (
          /* A meet-up is its card (docs/product/safety.md#meet-ups), with Accept for the other side. */
          <MeetupCard message={{ ...message, meetupId: message.meetupId }} own={own} />
        ) : (
          /* A post shared on its own is the card alone, not a card inside a coloured bubble. */
          <div
            className={[styles.bubble, message.sharedPost && !message.photo && !message.plainText && styles.cardOnly]
              .filter(Boolean)
              .join(' ')}
          >
            {message.photo && (
              <a href={message.photo.fullUrl} target="_blank" rel="noreferrer" className={styles.photoLink}>
                <img
                  src={message.photo.url}
                  alt="Sent attachment"
                  className={styles.photo}
                  width={message.photo.width ?? undefined}
                  height={message.photo.height ?? undefined}
                />
              </a>
            )}
            {message.sharedPost && <SharedPostCard post={message.sharedPost} />}
            {message.plainText && <p className={styles.messageText}>{message.plainText}</p>}
          </div>
        )}
        {own ? (
          // No heart button on one's own message (docs/decisions/030-feed-ads-and-rough-edges.md): only the other person's hearts.
          message.likesCount > 0 && (
            <span
              role="img"
              className={[styles.heart, styles.heartCount].join(' ')}
              aria-label={heartsLabel(message.likesCount)}
            >
              <Heart aria-hidden="true" size={14} fill="currentColor" />
              <span aria-hidden="true">{message.likesCount}</span>
            </span>
          )
        ) : (
          <button
            type="button"
            className={[styles.heart, message.likedByViewer && styles.hearted].filter(Boolean).join(' ')}
            aria-pressed={message.likedByViewer}
            aria-label={message.likedByViewer ? 'Remove heart' : 'Heart this message'}
            title={message.likedByViewer ? 'Remove heart' : 'Heart'}
            disabled={heartPending}
            onClick={() => onHeart(message)}
          >
            <Heart aria-hidden="true" size={14} fill={message.likesCount > 0 ? 'currentColor' : 'none'} />
            {message.likesCount > 0 && <span>{message.likesCount}</span>}
          </button>
        )}
        {/* The other person's message can be reported (docs/product/moderation.md#reporting). */}
        {!own && (
          <ReportMenu
            target={{ type: 'message', id: message.id }}
            title={MODERATION_MESSAGES.reportTitle.message}
            label={MODERATION_SCREEN_TEXTS.messageOptions}
            triggerClassName={styles.messageMenu}
          />
        )}
      </div>
      {/* The recipient's quiet warning (docs/product/safety.md#scam-warnings); the server sets it for them only. */}
      {message.scamWarning && !own && (
        <p className={styles.scamWarning}>
          <ShieldAlert aria-hidden="true" size={14} className={styles.scamIcon} />
          <span>
            {SCAM_WARNING_TEXT}{' '}
            <Link to={paths.settings.trustAndSafety.getHref()} className={styles.scamLink}>
              {SCAM_WARNING_LINK}
            </Link>
          </span>
        </p>
      )}
      <span className={styles.meta}>
        <time dateTime={message.createdAt}>{time}</time>
        {showStatus && message.status && (
          <span className={styles.status}>
            {' · '}
            {message.status === 'seen' ? CHAT_MESSAGES.seen : CHAT_MESSAGES.delivered}
          </span>
        )}
      </span>
    </li>
  );
}
