import { useParams } from 'react-router';
import { MessagesPage } from '@/features/messages/components/messages-page.tsx';

/** /messages/{chatId}: the inbox and the open chat (only the chat on phones). */
export function Component() {
  const { chatId = '' } = useParams();
  return <MessagesPage chatId={chatId} />;
}
