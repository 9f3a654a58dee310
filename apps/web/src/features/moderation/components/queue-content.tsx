import {
  MODERATION_MESSAGES,
  MODERATION_SCREEN_TEXTS,
  type ModerationContextItem,
  type ModerationQueueContent,
} from '@campus/contract';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { fullName } from '@/components/post-card/author-line.tsx';
import { formatFullDate, formatRelativeTime } from '@/components/post-card/format-post.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { paths } from '@/config/paths.ts';
import styles from './moderation.module.css';

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** One piece of content: who wrote it, when, the text and its photos; the reported one stands out. */
function ContextItem({
  item,
  muted = false,
  mark,
}: {
  item: ModerationContextItem;
  muted?: boolean;
  /** Said beside the reported item among its neighbours ('Reported message'). */
  mark?: string;
}) {
  return (
    <li
      className={[styles.item, item.reported && styles.itemReported, muted && styles.itemMuted]
        .filter(Boolean)
        .join(' ')}
      aria-current={item.reported ? 'true' : undefined}
    >
      <Avatar src={item.author.img} size={32} className={styles.itemAvatar} />
      <div className={styles.itemBody}>
        <p className={styles.itemHead}>
          <Link to={paths.profile.getHref(item.author.username)} className={styles.itemName}>
            {fullName(item.author)}
          </Link>
          <span className={styles.itemMeta}>@{item.author.username}</span>
          <time
            className={styles.itemMeta}
            dateTime={item.createdAt}
            title={formatFullDate(item.createdAt)}
            suppressHydrationWarning
          >
            {formatRelativeTime(item.createdAt)}
          </time>
          {mark && item.reported && <span className={`${styles.tag} ${styles.tagStrong}`}>{mark}</span>}
          {/* The group says it of the reported item; its neighbours say it here. */}
          {item.moderation && !item.reported && (
            <span className={styles.tag}>
              {item.moderation === 'hidden' ? MODERATION_MESSAGES.autoHidden : MODERATION_MESSAGES.removed}
            </span>
          )}
        </p>
        {item.plainText && <p className={styles.itemText}>{item.plainText}</p>}
        {item.photos.length > 0 && (
          <div className={styles.photos}>
            {item.photos.map((url) => (
              <img key={url} src={url} alt="" className={styles.photo} loading="lazy" decoding="async" />
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * What was reported, with what a moderator needs around it (docs/product/moderation.md#the-queue):
 * a post with a link to it; a comment with the post it belongs to and its neighbours in the thread;
 * a message with the chat lines around it; a review with its stars and the sale; a member with
 * their bio. The reported item is marked (aria-current) wherever it sits among its context.
 */
export function QueueContent({ content }: { content: ModerationQueueContent }) {
  switch (content.type) {
    case 'gone':
      return <p className={styles.gone}>{MODERATION_SCREEN_TEXTS.contentGone}</p>;
    case 'post':
      return (
        <div className={styles.content}>
          <ul className={styles.items}>
            <ContextItem item={content.post} />
          </ul>
          <Link to={paths.post.getHref(content.post.id)} className={styles.contentLink}>
            {MODERATION_SCREEN_TEXTS.openPost}
          </Link>
        </div>
      );
    case 'comment':
      return (
        <div className={styles.content}>
          {content.parent && (
            <>
              <p className={styles.contextLabel}>{MODERATION_SCREEN_TEXTS.inThread}</p>
              <ul className={styles.items}>
                <ContextItem item={content.parent} muted />
              </ul>
            </>
          )}
          <ul className={`${styles.items} ${styles.thread}`}>
            {content.thread.map((item) => (
              <ContextItem key={item.id} item={item} muted={!item.reported} />
            ))}
          </ul>
          {content.parent && (
            <Link to={paths.post.getHref(content.parent.id)} className={styles.contentLink}>
              {MODERATION_SCREEN_TEXTS.openPost}
            </Link>
          )}
        </div>
      );
    case 'message':
      return (
        <div className={styles.content}>
          <p className={styles.contextLabel}>{MODERATION_SCREEN_TEXTS.inChat}</p>
          <ul className={`${styles.items} ${styles.thread}`}>
            {content.lines.map((item) => (
              <ContextItem
                key={item.id}
                item={item}
                muted={!item.reported}
                mark={MODERATION_MESSAGES.reportedMessage}
              />
            ))}
          </ul>
        </div>
      );
    case 'review':
      return (
        <div className={styles.content}>
          <p className={styles.contextLabel}>
            {MODERATION_SCREEN_TEXTS.reviewOf(fullName(content.review.subject), content.listing?.title ?? null)}
          </p>
          <p className={styles.stars} role="img" aria-label={`${content.review.stars} of 5 stars`}>
            {Array.from({ length: 5 }, (_, i) => (
              <Star
                // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
                key={i}
                aria-hidden="true"
                size={16}
                fill={i < content.review.stars ? 'currentColor' : 'none'}
              />
            ))}
          </p>
          <ul className={styles.items}>
            <ContextItem item={content.review} />
          </ul>
          {content.listing && (
            <Link to={paths.post.getHref(content.listing.id)} className={styles.contentLink}>
              {MODERATION_SCREEN_TEXTS.openPost}
            </Link>
          )}
        </div>
      );
    case 'user':
      return (
        <div className={`${styles.content} ${styles.person}`}>
          <Avatar src={content.user.img} size={48} className={styles.itemAvatar} />
          <div className={styles.itemBody}>
            <p className={styles.itemHead}>
              <Link to={paths.profile.getHref(content.user.username)} className={styles.itemName}>
                {fullName(content.user)}
              </Link>
              <span className={styles.itemMeta}>@{content.user.username}</span>
            </p>
            <p className={styles.itemMeta} suppressHydrationWarning>
              {MODERATION_SCREEN_TEXTS.memberSince(monthYear.format(new Date(content.user.createdAt)))}
            </p>
            {content.user.bio && <p className={styles.itemText}>{content.user.bio}</p>}
          </div>
        </div>
      );
    default:
      return null;
  }
}
