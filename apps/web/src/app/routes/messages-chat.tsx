import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { useParams } from 'react-router';
import { chatQueryOptions } from '@/features/messages/api/get-chat.ts';
import { inboxQueryOptions } from '@/features/messages/api/get-inbox.ts';
import { MessagesPage } from '@/features/messages/components/messages-page.tsx';
import { loadShell } from '../loaders.ts';

/** Under the 'school' gate: the inbox beside the chat, and the chat's last messages. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    // Loaders run beside their gate's: read nothing for someone the gate sends away.
    if (!(await loadShell(queryClient))?.viewer?.schoolVerified) return null;
    await Promise.all([
      queryClient.prefetchInfiniteQuery(inboxQueryOptions()),
      queryClient.prefetchInfiniteQuery(chatQueryOptions(params.chatId ?? '')),
    ]);
    return null;
  };

/** /messages/{chatId}: the inbox and the open chat (only the chat on phones). */
export function Component() {
  const { chatId = '' } = useParams();
  return <MessagesPage chatId={chatId} />;
}
