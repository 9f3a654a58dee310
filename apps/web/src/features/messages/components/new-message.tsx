import { CHAT_LIMITS, CHAT_MESSAGES, type ChatUser } from '@campus/contract';
import { ArrowLeft, Search } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOpenChat } from '@/components/start-conversation/open-chat.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useInboxQuery } from '../api/get-inbox.ts';
import { useRecipientsQuery } from '../api/search-recipients.ts';
import styles from './messages.module.css';

export const NEW_MESSAGE_TEXTS = {
  title: 'New Message',
  back: 'Back to messages',
  search: 'Search people',
  results: 'People',
  recent: 'Recent',
  startHint: 'Search for a member of your campus by name or username.',
} as const;

/** How many recent conversations show under the empty search box. */
const RECENT_SHOWN = 5;

/**
 * Under the empty search box (docs/decisions/030-feed-ads-and-rough-edges.md): the people of the viewer's latest chats, each a
 * link into that chat, or a hint when there are none yet, so the pane is never blank.
 */
function RecentChats() {
  const inbox = useInboxQuery();
  const headingId = useId();
  if (inbox.isPending) return null;
  const chats = (inbox.data?.pages[0]?.chats ?? []).slice(0, RECENT_SHOWN);
  if (chats.length === 0) return <p className={styles.noUsers}>{NEW_MESSAGE_TEXTS.startHint}</p>;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.recentTitle}>
        {NEW_MESSAGE_TEXTS.recent}
      </h2>
      <ul className={styles.inboxList}>
        {chats.map((chat) => (
          <li key={chat.id}>
            <Link to={paths.chat.getHref(chat.id)} className={styles.inboxRow}>
              <Avatar src={chat.otherUser.img} size={40} />
              <span className={styles.inboxText}>
                <span className={styles.inboxName}>
                  {chat.otherUser.firstName} {chat.otherUser.lastName}
                </span>
                <span className={styles.inboxUsername}>@{chat.otherUser.username}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /messages/new: the user search of this campus (docs/product/messages.md#new-message): arrow keys move the highlight and
 * wrap, Enter opens the highlighted person, Enter without one says 'Please select a user!'.
 * Choosing someone asks 'Start Conversation?' and then opens (or starts) the chat.
 */
export function NewMessage({ asPage = false }: { asPage?: boolean }) {
  const [q, setQ] = useState('');
  const [highlight, setHighlight] = useState(-1);
  const [chosen, setChosen] = useState<ChatUser | null>(null);
  const query = useRecipientsQuery(q);
  const open = useOpenChat();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const listId = useId();
  const users = q.trim() ? (query.data ?? []) : [];

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (users.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => (h + step + users.length) % users.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const user = users[highlight];
      if (user) setChosen(user);
      else showAlert(CHAT_MESSAGES.selectUser, { type: 'okay' });
    }
  };

  const start = () => {
    if (!chosen) return;
    open.mutate(chosen.id, {
      onSuccess: ({ chat, created }) => {
        setChosen(null);
        if (created) showAlert(CHAT_MESSAGES.newConversation, { type: 'success' });
        navigate(paths.chat.getHref(chat.id), { replace: true });
      },
      onError: (error) => {
        setChosen(null);
        showAlert(error instanceof ApiError ? error.message : CHAT_MESSAGES.deleteFailed, { type: 'danger' });
      },
    });
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <section
      className={styles.newMessage}
      aria-label={asPage ? NEW_MESSAGE_TEXTS.title : undefined}
      aria-labelledby={asPage ? undefined : `${listId}-title`}
    >
      {/* As /create/message the page around it has the title and the back button. */}
      {!asPage && (
        <header className={styles.paneHeader}>
          <Link to={paths.messages.getHref()} className={styles.backLinkAlways} aria-label={NEW_MESSAGE_TEXTS.back}>
            <ArrowLeft aria-hidden="true" size={20} />
          </Link>
          <h1 id={`${listId}-title`} className={styles.newTitle}>
            {NEW_MESSAGE_TEXTS.title}
          </h1>
        </header>
      )}
      <div className={styles.searchRow}>
        <Search aria-hidden="true" size={18} className={styles.searchIcon} />
        <input
          className={styles.searchInput}
          type="search"
          role="combobox"
          aria-label={NEW_MESSAGE_TEXTS.search}
          aria-expanded={users.length > 0}
          aria-controls={listId}
          aria-activedescendant={highlight >= 0 && users[highlight] ? optionId(highlight) : undefined}
          placeholder={NEW_MESSAGE_TEXTS.search}
          maxLength={CHAT_LIMITS.searchQueryMax}
          value={q}
          // biome-ignore lint/a11y/noAutofocus: the page exists to type a name; focused each time it opens
          autoFocus
          onChange={(event) => {
            setQ(event.target.value);
            setHighlight(-1);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <div id={listId} role="listbox" aria-label={NEW_MESSAGE_TEXTS.results} className={styles.inboxList}>
        {users.map((user, i) => (
          <div
            key={user.id}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === highlight}
            className={[styles.inboxRow, styles.option, i === highlight && styles.inboxRowActive]
              .filter(Boolean)
              .join(' ')}
            onClick={() => setChosen(user)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') setChosen(user);
            }}
            onMouseEnter={() => setHighlight(i)}
          >
            <Avatar src={user.img} size={40} />
            <span className={styles.inboxText}>
              <span className={styles.inboxName}>
                {user.firstName} {user.lastName}
              </span>
              <span className={styles.inboxUsername}>@{user.username}</span>
            </span>
          </div>
        ))}
      </div>
      {q.trim() === '' && <RecentChats />}
      {q.trim() !== '' && query.isSuccess && users.length === 0 && (
        <p className={styles.noUsers}>{CHAT_MESSAGES.noUsers}</p>
      )}
      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(next) => !next && setChosen(null)}
        title={CHAT_MESSAGES.startConversationTitle}
        body={chosen ? CHAT_MESSAGES.startPrivateConversation(`${chosen.firstName} ${chosen.lastName}`) : undefined}
        confirmLabel={CHAT_MESSAGES.startConversation}
        pending={open.isPending}
        onConfirm={start}
      />
    </section>
  );
}
