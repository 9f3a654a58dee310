import { LISTING_MESSAGES, NOTIFICATION_ACTIONS, type Notification, type NotificationType } from '@campus/contract';
import { Bell, ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { DeletePostDialog } from '@/components/post-card/delete-post-dialog.tsx';
import { RenewButton } from '@/components/post-card/renew-button.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useNotificationsQuery } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';
import styles from './notifications.module.css';

const LIST_TEXTS = {
  label: 'Notifications',
  emptyTitle: 'No notifications yet',
  emptyBody: 'Comments, likes and messages for you show up here.',
  new: 'New',
} as const;

/** Where a notification leads: its chat, else its post (with the review form open for 'Rate your deal'), else the sender's profile. */
function notificationTarget(notification: Notification): string {
  if (notification.type === 'review due' && notification.postId) {
    return paths.post.getHref(notification.postId, { rate: true });
  }
  if (notification.chatId) return paths.chat.getHref(notification.chatId);
  if (notification.postId) return paths.post.getHref(notification.postId);
  return paths.profile.getHref(notification.fromUser.username);
}

function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)}d`;
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/**
 * 'Is {title} still available?' (docs/product/selling.md#listings-that-go-stale): the app's own
 * question about the viewer's listing, with one-tap Renew, Mark sold (the post page's dialog)
 * and Delete. Not one link like the other rows: it holds buttons of its own.
 */
function StillAvailableRow({ notification }: { notification: Notification }) {
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const postId = notification.postId;
  return (
    <li>
      <div className={[styles.row, styles.askRow, !notification.read && styles.unread].filter(Boolean).join(' ')}>
        <Avatar src={notification.fromUser.img} size={40} />
        <span className={styles.text}>
          {postId ? (
            <Link to={paths.post.getHref(postId)} className={styles.message}>
              <strong>{notification.message}</strong>
            </Link>
          ) : (
            <strong className={styles.message}>{notification.message}</strong>
          )}
          {/* The age the server drew (seconds) may have turned by the time the page is hydrated. */}
          <time className={styles.time} dateTime={notification.createdAt} suppressHydrationWarning>
            {timeAgo(notification.createdAt)}
          </time>
          {postId && !deleted && (
            <span className={styles.askActions}>
              <RenewButton post={{ id: postId }} />
              <ButtonLink to={`${paths.post.getHref(postId)}?mark=sold`} size="sm" variant="secondary">
                {LISTING_MESSAGES.markSold}
              </ButtonLink>
              <Button size="sm" variant="secondary" onClick={() => setDeleting(true)}>
                {LISTING_MESSAGES.delete}
              </Button>
            </span>
          )}
        </span>
        {!notification.read && (
          <span className={styles.dot}>
            <span className="visually-hidden">{LIST_TEXTS.new}</span>
          </span>
        )}
      </div>
      {deleting && postId && (
        <DeletePostDialog
          post={{ id: postId, parentId: null }}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={() => setDeleted(true)}
        />
      )}
    </li>
  );
}

/** What the campus's moderators send (docs/product/moderation.md#notifications): from the app, not a person. */
const MODERATION_TYPES: ReadonlySet<NotificationType> = new Set([
  'content removed',
  'content hidden',
  'warning',
  'suspended',
]);

/**
 * A moderators' notification: what happened, then the message with its reason ('A moderator removed
 * your post. Reason: …'). Hidden content that still has a page leads there; the rest has nowhere to go.
 */
function ModerationRow({ notification }: { notification: Notification }) {
  const className = [styles.row, !notification.read && styles.unread].filter(Boolean).join(' ');
  const content = (
    <>
      <span className={styles.systemIcon}>
        <ShieldAlert aria-hidden="true" size={22} />
      </span>
      <span className={styles.text}>
        <span className={styles.message}>
          <strong>{NOTIFICATION_ACTIONS[notification.type]}</strong>
        </span>
        <span className={styles.quote}>{notification.message}</span>
        <time className={styles.time} dateTime={notification.createdAt} suppressHydrationWarning>
          {timeAgo(notification.createdAt)}
        </time>
      </span>
      {!notification.read && (
        <span className={styles.dot}>
          <span className="visually-hidden">{LIST_TEXTS.new}</span>
        </span>
      )}
    </>
  );
  const postId = notification.type === 'content hidden' ? notification.postId : null;
  return (
    <li>
      {postId ? (
        <Link to={paths.post.getHref(postId)} className={className}>
          {content}
        </Link>
      ) : (
        <div className={className}>{content}</div>
      )}
    </li>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  if (notification.type === 'still available') return <StillAvailableRow notification={notification} />;
  if (MODERATION_TYPES.has(notification.type)) return <ModerationRow notification={notification} />;
  const from = notification.fromUser;
  // A price drop and a saved search's match say it all in their message ('Price dropped on
  // Desk: $60 → $45', 'New: Mini fridge — $45 and 3 more').
  const dropped = notification.type === 'price drop' || notification.type === 'saved search';
  return (
    <li>
      <Link
        to={notificationTarget(notification)}
        className={[styles.row, !notification.read && styles.unread].filter(Boolean).join(' ')}
      >
        <Avatar src={from.img} size={40} />
        <span className={styles.text}>
          {dropped ? (
            <span className={styles.message}>
              <strong>{notification.message}</strong>
            </span>
          ) : (
            <span className={styles.message}>
              <strong>
                {from.firstName} {from.lastName}
              </strong>{' '}
              {NOTIFICATION_ACTIONS[notification.type]}
            </span>
          )}
          {notification.message && !dropped && <span className={styles.quote}>{notification.message}</span>}
          {/* Drawn by the server a second or more before the browser hydrates it: '0s' may be '1s' by then. */}
          <time className={styles.time} dateTime={notification.createdAt} suppressHydrationWarning>
            {timeAgo(notification.createdAt)}
          </time>
        </span>
        {!notification.read && (
          <span className={styles.dot}>
            <span className="visually-hidden">{LIST_TEXTS.new}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

function ListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className={styles.row}>
          <Skeleton width={40} height={40} circle />
          <span className={styles.text}>
            <Skeleton width="70%" height={14} />
            <Skeleton width="20%" height={12} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /notifications: 15 a page, more on scrolling; the unread ones are marked read once shown. */
export function NotificationList() {
  const query = useNotificationsQuery();
  const markRead = useMarkNotificationsRead();
  const sent = useRef(new Set<string>());
  const markReadMutate = markRead.mutate;

  const unreadIds = (query.data?.pages ?? [])
    .flatMap((page) => page.posts)
    .filter((n) => !n.read && !sent.current.has(n.id))
    .map((n) => n.id);
  const unreadKey = unreadIds.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the ids
  useEffect(() => {
    if (unreadIds.length === 0) return;
    for (const id of unreadIds) sent.current.add(id);
    markReadMutate(unreadIds);
  }, [unreadKey, markReadMutate]);

  return (
    <InfiniteList
      query={query}
      label={LIST_TEXTS.label}
      skeleton={<ListSkeleton />}
      moreSkeleton={<ListSkeleton count={2} />}
      empty={
        <EmptyState
          icon={<Bell aria-hidden="true" size={28} />}
          title={LIST_TEXTS.emptyTitle}
          body={LIST_TEXTS.emptyBody}
        />
      }
    >
      {(notifications) => (
        <ul className={styles.list}>
          {notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} />
          ))}
        </ul>
      )}
    </InfiniteList>
  );
}
