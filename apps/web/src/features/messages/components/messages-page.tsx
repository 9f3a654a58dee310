import { MessageSquareText, SquarePen } from 'lucide-react';
import { IconLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { ChatPane } from './chat-pane.tsx';
import { InboxList } from './inbox-list.tsx';
import styles from './messages.module.css';
import { NewMessage } from './new-message.tsx';

const PAGE_TEXTS = {
  title: 'Messages',
  newMessage: 'New message',
  pickTitle: 'Select a message',
  pickBody: 'Choose a conversation on the left, or tap Send Message on a post to start one.',
} as const;

/**
 * /messages and /messages/{chatId}: the inbox and the chat side by side on wide screens; on
 * phones the inbox is a page of its own and a chat replaces it.
 */
export function MessagesPage({ chatId, compose = false }: { chatId?: string; compose?: boolean }) {
  // On phones New Message is a page of its own (docs/product/community.md#narrow-screen-pages), back to where it was opened.
  const isPhone = useMediaQuery(MEDIA.mobile);
  const here = chatId ? paths.chat.getHref(chatId) : paths.messages.getHref();
  const newMessageHref = isPhone ? paths.createMessage.getHref({ goBack: here }) : paths.newMessage.getHref();
  return (
    <div className={[styles.layout, chatId || compose ? styles.hasChat : styles.noChat].join(' ')}>
      <div className={styles.inboxColumn}>
        <div className={styles.inboxTitle}>
          <h1 className={styles.inboxHeading}>{PAGE_TEXTS.title}</h1>
          <IconLink to={newMessageHref} label={PAGE_TEXTS.newMessage}>
            <SquarePen aria-hidden="true" size={20} />
          </IconLink>
        </div>
        <InboxList activeChatId={chatId} />
      </div>
      <div className={styles.paneColumn}>
        {compose ? (
          <NewMessage />
        ) : chatId ? (
          <ChatPane key={chatId} chatId={chatId} />
        ) : (
          <EmptyState
            icon={<MessageSquareText aria-hidden="true" size={28} />}
            title={PAGE_TEXTS.pickTitle}
            body={PAGE_TEXTS.pickBody}
          />
        )}
      </div>
    </div>
  );
}
