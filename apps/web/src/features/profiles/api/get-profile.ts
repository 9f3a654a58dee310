import type { PublicProfile } from '@campus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * GET /api/profiles/:username: the profile header (any case of the username). A typed read
 * (decision 022): our own server's answer, drawn on the profile's first screen, which then loads
 * no Zod.
 */
async function getProfile(username: string, { signal }: { signal?: AbortSignal } = {}): Promise<PublicProfile> {
  return api.get<PublicProfile>(`/api/profiles/${encodeURIComponent(username)}`, { signal });
}

/** A username nobody holds on this campus (or of another campus): the missing-user page. */
export function isProfileNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'USER_NOT_FOUND');
}

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.detail(username),
    queryFn: ({ signal }) => getProfile(username, { signal }),
    // A missing user stays missing: no retries before the missing-user page.
    retry: (count, error) => !isProfileNotFound(error) && count < 2,
  });

export function useProfileQuery(username: string) {
  return useQuery(profileQueryOptions(username));
}
