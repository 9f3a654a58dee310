import type { MeResponse, Viewer } from '@campus/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountHold } from '@/lib/account-hold.ts';
import { api } from '@/lib/api-client.ts';
import { queryKeys, SITE_QUERY_ROOTS } from '@/lib/query-keys.ts';

/**
 * GET /api/me: the signed-in user, or null for a visitor. A typed read, not a Zod parse: the
 * shell's boot data is our server's contract-checked answer (decision 022). A suspended member's
 * session answers no viewer and the suspension (docs/product/moderation.md#suspension), kept
 * beside it for the suspension page (lib/account-hold.ts).
 */
async function getMe({ signal, client }: { signal?: AbortSignal; client: QueryClient }): Promise<Viewer | null> {
  const me = await api.get<MeResponse>('/api/me', { signal });
  const hold: AccountHold | null = me.suspension ? { until: me.suspension.until, reason: me.suspension.reason } : null;
  client.setQueryData(queryKeys.accountHold, hold);
  return me.viewer;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal, client }) => getMe({ signal, client }),
    // Changes only through this tab's own actions, which update or invalidate it.
    staleTime: 5 * 60 * 1000,
  });

export function useMeQuery() {
  return useQuery(meQueryOptions());
}

const isPersonal = (query: { queryKey: readonly unknown[] }) => !SITE_QUERY_ROOTS.has(String(query.queryKey[0]));

/**
 * After signing in, registering or verifying: ask the server who is signed in now. Resolves
 * once every screen sees the new viewer (the route guards then move the person on). What was
 * loaded for the visitor before (a feed, likes) is marked stale, to be reloaded when shown.
 */
export async function refreshViewer(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({ predicate: isPersonal, refetchType: 'none' });
  await queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

/**
 * After signing out: the viewer is gone, and so is everything cached on their behalf. The
 * campus stays (it belongs to the site, not the person).
 */
export function forgetViewer(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.me, null);
  queryClient.removeQueries({ predicate: isPersonal });
}
