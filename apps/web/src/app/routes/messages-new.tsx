import { MessagesPage } from '@/features/messages/components/messages-page.tsx';

/** /messages/new: the user search to start a conversation (the only pane on phones). */
export function Component() {
  return <MessagesPage compose />;
}
