import { MessagesPage } from '@/features/messages/components/messages-page.tsx';

/** /messages: the inbox (with an empty pane on wide screens). */
export function Component() {
  return <MessagesPage />;
}
