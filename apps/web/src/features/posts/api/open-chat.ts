import { type OpenChatResponse, OpenChatResponseSchema } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /api/chats: the chat with a user in either direction, or a new one (Send Message, spec 1 §4 'Chat'). */
export async function openChat(userId: string): Promise<OpenChatResponse> {
  return OpenChatResponseSchema.parse(await api.post<unknown>('/api/chats', { userId }));
}

export function useOpenChat() {
  return useMutation({ mutationFn: openChat });
}
