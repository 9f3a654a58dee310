import { MeResponseSchema, type Viewer } from '@campus/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/** GET /api/me: the signed-in user, or null for a visitor. */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Viewer | null> {
  return MeResponseSchema.parse(await api.get<unknown>('/api/me', { signal })).viewer;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    // Changes only through this tab's own actions, which update or invalidate it.
    staleTime: 5 * 60 * 1000,
  });

export function useMeQuery() {
  return useQuery(meQueryOptions());
}

/**
 * After signing in, registering or verifying: ask the server who is signed in now. Resolves
 * once every screen sees the new viewer (the route guards then move the person on).
 */
export async function refreshViewer(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}

/** Queries that describe the site rather than the person; everything else goes on sign-out. */
const KEPT_AFTER_SIGN_OUT: ReadonlySet<string> = new Set([meQueryKey[0], 'campus', 'campuses']);

/**
 * After signing out: the viewer is gone, and so is everything cached on their behalf. The
 * campus stays (it belongs to the site, not the person).
 */
export function forgetViewer(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => !KEPT_AFTER_SIGN_OUT.has(String(query.queryKey[0])) });
}
