import { type Message, MessageSchema, type SendMessageBody } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { pushMoment } from '@/lib/push-moment.ts';
import { queryKeys } from '@/lib/query-keys.ts';

interface SendMessageInput {
  chatId: string;
  body: SendMessageBody;
  file?: File | null;
}

/** POST /api/chats/:chatId/messages: multipart, JSON field `message` and at most one `file`. */
async function sendMessage({ chatId, body, file }: SendMessageInput): Promise<Message> {
  const form = new FormData();
  form.append('message', JSON.stringify(body));
  if (file) form.append('file', file);
  return MessageSchema.parse(await api.post<unknown>(`/api/chats/${encodeURIComponent(chatId)}/messages`, form));
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (_message, { chatId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox });
      // A message sent: the moment to offer being told of the answer (docs/product/push-and-app.md#asking).
      pushMoment('message');
    },
  });
}
