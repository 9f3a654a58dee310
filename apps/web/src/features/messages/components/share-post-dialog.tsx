import { CHAT_LIMITS, CHAT_MESSAGES, type ChatUser, POST_MESSAGES } from '@campus/contract';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOpenChat } from '@/components/start-conversation/open-chat.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useInboxQuery } from '../api/get-inbox.ts';
import { useRecipientsQuery } from '../api/search-recipients.ts';
import { useSendMessage } from '../api/send-message.ts';
import styles from './share-post.module.css';

const SHARE_TEXTS = {
  title: 'Send in a message',
  search: 'Search people',
  recent: 'Recent chats',
  results: 'People',
  noRecent: 'No chats yet. Search for someone on campus.',
  sending: 'Sending…',
  send: (name: string) => `Send to ${name}`,
} as const;

function PersonButton({
  user,
  disabled,
  sending,
  onPick,
}: {
  user: ChatUser;
  disabled: boolean;
  sending: boolean;
  onPick: (user: ChatUser) => void;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <li>
      <button
        type="button"
        className={styles.person}
        aria-label={SHARE_TEXTS.send(name)}
        disabled={disabled}
        onClick={() => onPick(user)}
      >
        <Avatar src={user.img} size={40} />
        <span className={styles.names}>
          <span className={styles.name}>{name}</span>
          <span className={styles.username}>@{user.username}</span>
        </span>
        {sending && <span className={styles.sending}>{SHARE_TEXTS.sending}</span>}
      </button>
    </li>
  );
}

/**
 * Share via message (docs/product/messages.md#sharing-a-post-by-message, docs/product/messages.md#starting-a-chat): pick a recent chat or anyone of this campus;
 * the chat with them opens (either direction) or starts ('New Conversation Started'), a message
 * carrying the post's id is sent, and the chat opens with the post as a card.
 */
export function SharePostDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const [q, setQ] = useState('');
  const [target, setTarget] = useState<string | null>(null);
  const inbox = useInboxQuery();
  const recipients = useRecipientsQuery(q);
  const openChat = useOpenChat();
  const send = useSendMessage();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const headingId = useId();
  const searching = q.trim() !== '';
  const recent = (inbox.data?.pages[0]?.chats ?? []).filter((c) => !c.blocked).map((c) => c.otherUser);
  const people = searching ? (recipients.data ?? []) : recent;
  const busy = target !== null;

  const pick = async (user: ChatUser) => {
    if (busy) return;
    setTarget(user.id);
    try {
      const { chat, created } = await openChat.mutateAsync(user.id);
      await send.mutateAsync({ chatId: chat.id, body: { plainText: '', postId } });
      onClose();
      if (created) showAlert(CHAT_MESSAGES.newConversation, { type: 'success' });
      navigate(paths.chat.getHref(chat.id));
    } catch (error) {
      setTarget(null);
      showAlert(error instanceof ApiError ? error.message : POST_MESSAGES.submitFailed, { type: 'danger' });
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && !busy && onClose()} title={SHARE_TEXTS.title} size="sm">
      <div className={styles.searchRow}>
        <Search aria-hidden="true" size={18} className={styles.searchIcon} />
        <input
          className={styles.searchInput}
          type="search"
          aria-label={SHARE_TEXTS.search}
          placeholder={SHARE_TEXTS.search}
          maxLength={CHAT_LIMITS.searchQueryMax}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </div>
      <h3 id={headingId} className={styles.heading}>
        {searching ? SHARE_TEXTS.results : SHARE_TEXTS.recent}
      </h3>
      {people.length > 0 ? (
        <ul className={styles.people} aria-labelledby={headingId}>
          {people.map((user) => (
            <PersonButton
              key={user.id}
              user={user}
              disabled={busy}
              sending={target === user.id}
              onPick={(u) => void pick(u)}
            />
          ))}
        </ul>
      ) : searching ? (
        recipients.isSuccess && <p className={styles.empty}>{CHAT_MESSAGES.noUsers}</p>
      ) : (
        inbox.isSuccess && <p className={styles.empty}>{SHARE_TEXTS.noRecent}</p>
      )}
    </Modal>
  );
}
