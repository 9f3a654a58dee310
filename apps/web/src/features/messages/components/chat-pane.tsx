import { BLOCK_TEXTS, CHAT_MESSAGES, CHAT_SERVER_MESSAGES, type Message, SCROLL } from '@campus/contract';
import { ArrowLeft, Ban, MessageCircleOff, Trash2 } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PinnedMeetup } from '@/components/meetups/index.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { ButtonLink, IconButton } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useSetBlocked } from '@/lib/blocks.ts';
import { useViewer } from '@/lib/viewer.ts';
import { useDeleteChat } from '../api/delete-chat.ts';
import { useChatQuery } from '../api/get-chat.ts';
import { useMarkSeen } from '../api/mark-seen.ts';
import { useToggleHeart } from '../api/toggle-heart.ts';
import { ChatComposer } from './chat-composer.tsx';
import { MessageBubble } from './message-bubble.tsx';
import styles from './messages.module.css';

const PANE_TEXTS = {
  back: 'Back to messages',
  deleteChat: 'Delete conversation',
  deleteTitle: 'Delete Conversation?',
  deleteBody: 'This deletes the conversation and its messages for both of you.',
  delete: 'Delete',
  block: 'Block',
  errorBody: 'We couldn’t load this conversation. Check your connection and try again.',
  messages: 'Messages',
  goToMessages: 'Go To Messages',
  loadingOlder: 'Loading older messages…',
} as const;

/** Older messages load when the list is scrolled within this distance of its top (docs/product/community.md#limits). */
const OLDER_THRESHOLD_PX = SCROLL.chatOlderThresholdPx;

function PaneSkeleton() {
  return (
    <div className={styles.paneSkeleton} aria-hidden="true">
      <Skeleton width="45%" height={36} />
      <Skeleton width="60%" height={36} className={styles.skeletonOwn} />
      <Skeleton width="35%" height={36} />
      <Skeleton width="50%" height={36} className={styles.skeletonOwn} />
    </div>
  );
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400);
}

/** A conversation: its messages (older on scrolling up), Delivered / Seen, hearts, and the composer. */
export function ChatPane({ chatId }: { chatId: string }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const query = useChatQuery(chatId);
  const markSeen = useMarkSeen();
  const heart = useToggleHeart();
  const remove = useDeleteChat();
  const [confirming, setConfirming] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const block = useSetBlocked();
  const scroller = useRef<HTMLDivElement>(null);
  /** Distance from the bottom kept while older messages are put above. */
  const keepFromBottom = useRef<number | null>(null);

  const pages = query.data?.pages ?? [];
  const chat = pages[0]?.chat;
  const messages = pages.flatMap((page) => page.messages).reverse();
  const newest = messages.at(-1);
  const lastOwnId = [...messages].reverse().find((m) => m.senderId === viewer?.id)?.id;

  // A chat on screen is read (docs/decisions/030-feed-ads-and-rough-edges.md): marked read when opened — always, which also
  // reads its notifications — and again whenever a refetch (a message, a heart or an un-heart
  // arriving) finds it unread while it is open.
  const markSeenMutate = markSeen.mutate;
  const markedOnOpen = useRef(false);
  const loaded = chat !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every fetched version of the chat is checked
  useEffect(() => {
    if (!loaded || (markedOnOpen.current && !chat?.unread)) return;
    markedOnOpen.current = true;
    markSeenMutate(chatId);
  }, [loaded, chat?.unread, query.dataUpdatedAt, chatId, markSeenMutate]);

  // Older messages put above keep what is on screen in place; a new message scrolls to the bottom.
  const pageCount = pages.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page or a newest message arrives
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    el.scrollTop = el.scrollHeight;
  }, [pageCount, newest?.id]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || !query.hasNextPage || query.isFetchingNextPage) return;
    if (el.scrollTop <= OLDER_THRESHOLD_PX) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      void query.fetchNextPage();
    }
  };

  const onHeart = (message: Message) => {
    heart.mutate(
      { chatId, messageId: message.id },
      {
        onSuccess: (result) => {
          if (result.liked) showAlert(CHAT_MESSAGES.reactionSent, { type: 'success' });
        },
        onError: (error) =>
          showAlert(error instanceof ApiError ? error.message : CHAT_MESSAGES.deleteFailed, { type: 'danger' }),
      },
    );
  };

  const onDelete = () => {
    remove.mutate(chatId, {
      onSuccess: () => {
        setConfirming(false);
        showAlert(CHAT_MESSAGES.chatDeleted, { type: 'success' });
        navigate(paths.messages.getHref(), { replace: true });
      },
      onError: () => {
        setConfirming(false);
        showAlert(CHAT_MESSAGES.deleteMessagesFailed, { type: 'danger' });
      },
    });
  };

  if (query.isPending) {
    return (
      <section className={styles.pane} aria-busy="true" aria-label={PANE_TEXTS.messages}>
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        <PaneSkeleton />
      </section>
    );
  }
  // Also when the chat was deleted while open (the refetch after the live event answers 404).
  if (!query.data || !chat || isNotFound(query.error)) {
    if (isNotFound(query.error)) {
      return (
        <section className={styles.pane} aria-label={PANE_TEXTS.messages}>
          <EmptyState
            icon={<MessageCircleOff aria-hidden="true" size={28} />}
            title={CHAT_MESSAGES.notFound}
            action={<ButtonLink to={paths.messages.getHref()}>{PANE_TEXTS.goToMessages}</ButtonLink>}
          />
        </section>
      );
    }
    return (
      <section className={styles.pane} aria-label={PANE_TEXTS.messages}>
        <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} body={PANE_TEXTS.errorBody} />
      </section>
    );
  }

  const other = chat.otherUser;
  const name = `${other.firstName} ${other.lastName}`;
  const toggleBlock = (blocked: boolean) => {
    block.mutate(
      { userId: other.id, blocked },
      {
        onSettled: () => setConfirmingBlock(false),
        onError: (error) =>
          showAlert(error instanceof ApiError ? error.message : CHAT_MESSAGES.deleteFailed, { type: 'danger' }),
      },
    );
  };
  return (
    <section className={styles.pane} aria-label={`Conversation with ${name}`}>
      <header className={styles.paneHeader}>
        <Link to={paths.messages.getHref()} className={styles.backLink} aria-label={PANE_TEXTS.back}>
          <ArrowLeft aria-hidden="true" size={20} />
        </Link>
        <Link to={paths.profile.getHref(other.username)} className={styles.paneWho}>
          <Avatar src={other.img} size={36} />
          <span className={styles.paneNames}>
            <span className={styles.paneName}>{name}</span>
            <span className={styles.inboxUsername}>@{other.username}</span>
          </span>
        </Link>
        {chat.blockedByViewer ? (
          <IconButton label={BLOCK_TEXTS.unblock(name)} onClick={() => toggleBlock(false)} disabled={block.isPending}>
            <Ban aria-hidden="true" size={20} />
          </IconButton>
        ) : (
          <IconButton label={BLOCK_TEXTS.block(name)} onClick={() => setConfirmingBlock(true)}>
            <Ban aria-hidden="true" size={20} />
          </IconButton>
        )}
        <IconButton label={PANE_TEXTS.deleteChat} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden="true" size={20} />
        </IconButton>
      </header>
      <PinnedMeetup chatId={chatId} />
      <div className={styles.messages} ref={scroller} onScroll={onScroll}>
        {query.isFetchingNextPage && (
          <p className={styles.older} role="status">
            {PANE_TEXTS.loadingOlder}
          </p>
        )}
        {query.isFetchNextPageError && (
          <ErrorState compact onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage} />
        )}
        <ol className={styles.messageList} aria-label={PANE_TEXTS.messages}>
          {messages.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              own={message.senderId === viewer?.id}
              showStatus={message.id === lastOwnId}
              onHeart={onHeart}
              heartPending={heart.isPending}
            />
          ))}
        </ol>
      </div>
      {chat.blocked ? (
        <p className={styles.blockedNote}>{CHAT_SERVER_MESSAGES.blocked}</p>
      ) : (
        <ChatComposer chatId={chatId} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PANE_TEXTS.deleteTitle}
        body={PANE_TEXTS.deleteBody}
        confirmLabel={PANE_TEXTS.delete}
        tone="danger"
        pending={remove.isPending}
        onConfirm={onDelete}
      />
      <ConfirmDialog
        open={confirmingBlock}
        onOpenChange={setConfirmingBlock}
        title={BLOCK_TEXTS.block(name)}
        body={BLOCK_TEXTS.confirm(name)}
        confirmLabel={PANE_TEXTS.block}
        tone="danger"
        pending={block.isPending}
        onConfirm={() => toggleBlock(true)}
      />
    </section>
  );
}
