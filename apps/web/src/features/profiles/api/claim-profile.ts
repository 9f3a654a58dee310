import type { ClaimProfileResponse } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/profiles/:username/claim ('Claim this account'): the server mails a sign-in link to
 * the account's own address, which this page never learns. A typed read (decision 022).
 */
async function claimProfile(username: string): Promise<ClaimProfileResponse> {
  return api.post<ClaimProfileResponse>(`/api/profiles/${encodeURIComponent(username)}/claim`);
}

export function useClaimProfile(username: string) {
  return useMutation({ mutationFn: () => claimProfile(username) });
}
