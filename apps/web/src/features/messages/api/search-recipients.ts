import { CHAT_LIMITS, type ChatUser, UserSearchResponseSchema } from '@campus/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/chats/recipients?q=: members of this campus by name or username prefix. */
async function searchRecipients(q: string, { signal }: { signal?: AbortSignal } = {}): Promise<ChatUser[]> {
  const body = UserSearchResponseSchema.parse(
    await api.get<unknown>('/api/chats/recipients', { query: { q }, signal }),
  );
  return body.users;
}

const recipientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.chats.recipients(q),
    queryFn: ({ signal }) => searchRecipients(q, { signal }),
    staleTime: 30_000,
  });

export function useRecipientsQuery(q: string) {
  const trimmed = q.trim().slice(0, CHAT_LIMITS.searchQueryMax);
  return useQuery({ ...recipientsQueryOptions(trimmed), enabled: trimmed !== '', placeholderData: keepPreviousData });
}
