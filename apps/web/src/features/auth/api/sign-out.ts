import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { forgetViewer } from './get-me.ts';

/** POST /api/auth/sign-out: ends the session and clears its cookie. */
async function signOut(): Promise<void> {
  await api.post<unknown>('/api/auth/sign-out', {});
}

/** Signs out and forgets everything cached for the person; route guards then take over. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => forgetViewer(queryClient),
  });
}
