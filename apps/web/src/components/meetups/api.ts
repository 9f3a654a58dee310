import type { ChatMeetups, MeetupResponse, SuggestMeetupBody } from '@campus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/* Meet-ups in a chat (docs/product/safety.md#meet-ups): its cards, the pinned one, suggest and accept. */

const enc = encodeURIComponent;

/** GET /api/chats/:chatId/meetups: every meet-up card of a chat and its pinned one, shared by all. */
const chatMeetupsQuery = (chatId: string) =>
  queryOptions({
    queryKey: queryKeys.meetups.chat(chatId),
    queryFn: ({ signal }) => api.get<ChatMeetups>(`/api/chats/${enc(chatId)}/meetups`, { signal }),
  });

export function useChatMeetupsQuery(chatId: string) {
  return useQuery(chatMeetupsQuery(chatId));
}

/** After a meet-up changed: the chat's cards, the chat (its new card) and the inbox line. */
function useRefreshMeetups() {
  const queryClient = useQueryClient();
  return (chatId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.meetups.chat(chatId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.chats.detail(chatId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.chats.inbox }),
    ]);
}

/** POST /api/chats/:chatId/meetups: Suggest a meet-up, or Suggest another. */
export function useSuggestMeetup() {
  const refresh = useRefreshMeetups();
  return useMutation({
    mutationFn: ({ chatId, body }: { chatId: string; body: SuggestMeetupBody }) =>
      api.post<MeetupResponse>(`/api/chats/${enc(chatId)}/meetups`, body),
    onSuccess: ({ meetup }) => refresh(meetup.chatId),
  });
}

/** POST /api/meetups/:meetupId/accept. */
export function useAcceptMeetup() {
  const refresh = useRefreshMeetups();
  return useMutation({
    mutationFn: (meetupId: string) => api.post<MeetupResponse>(`/api/meetups/${enc(meetupId)}/accept`),
    onSuccess: ({ meetup }) => refresh(meetup.chatId),
  });
}
