import type { ChatSummary } from '@campus/contract';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useInboxQuery } from '../api/get-inbox.ts';
import { formatChatTime } from '../lib/format-time.ts';
import styles from './messages.module.css';

const INBOX_TEXTS = {
  label: 'Conversations',
  emptyTitle: 'No messages yet',
  emptyBody: 'Tap Send Message on a post to ask the seller about it.',
  errorBody: 'We couldn’t load your conversations. Check your connection and try again.',
  more: 'Load more',
  unread: 'Unread',
} as const;

function InboxRow({ chat, active }: { chat: ChatSummary; active: boolean }) {
  const name = `${chat.otherUser.firstName} ${chat.otherUser.lastName}`;
  // The chat open beside the inbox is read (docs/decisions/030-feed-ads-and-rough-edges.md), even before the server has heard so.
  const unread = chat.unread && !active;
  return (
    <li>
      <Link
        to={paths.chat.getHref(chat.id)}
        className={[styles.inboxRow, active && styles.inboxRowActive].filter(Boolean).join(' ')}
        aria-current={active ? 'page' : undefined}
      >
        <Avatar src={chat.otherUser.img} size={48} />
        <span className={styles.inboxText}>
          <span className={styles.inboxTop}>
            <span className={styles.inboxName}>{name}</span>
            <span className={styles.inboxUsername}>@{chat.otherUser.username}</span>
            <time className={styles.inboxTime} dateTime={chat.lastModified}>
              {formatChatTime(chat.lastModified)}
            </time>
          </span>
          <span className={[styles.inboxLast, unread && styles.inboxLastUnread].filter(Boolean).join(' ')}>
            {chat.lastMessage || '\u00a0'}
          </span>
        </span>
        {unread && (
          <span className={styles.unreadDot}>
            <span className="visually-hidden">{INBOX_TEXTS.unread}</span>
          </span>
        )}
      </Link>
    </li>
  );
}

function InboxSkeleton() {
  return (
    <ul className={styles.inboxList} aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className={styles.inboxRow}>
          <Skeleton width={48} height={48} circle />
          <span className={styles.inboxText}>
            <Skeleton width="55%" height={14} />
            <Skeleton width="80%" height={12} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The inbox: the viewer's chats, newest first, with the other person, last message and unread marker. */
export function InboxList({ activeChatId }: { activeChatId?: string }) {
  const query = useInboxQuery();
  if (query.isPending) {
    return (
      <section aria-busy="true" aria-label={INBOX_TEXTS.label}>
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        <InboxSkeleton />
      </section>
    );
  }
  if (!query.data) {
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} body={INBOX_TEXTS.errorBody} />;
  }
  const chats = query.data.pages.flatMap((page) => page.chats);
  if (chats.length === 0) {
    return (
      <EmptyState
        icon={<MessageCircle aria-hidden="true" size={28} />}
        title={INBOX_TEXTS.emptyTitle}
        body={INBOX_TEXTS.emptyBody}
      />
    );
  }
  return (
    <section aria-label={INBOX_TEXTS.label}>
      <ul className={styles.inboxList}>
        {chats.map((chat) => (
          <InboxRow key={chat.id} chat={chat} active={chat.id === activeChatId} />
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.loadMore}
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {INBOX_TEXTS.more}
        </button>
      )}
    </section>
  );
}
