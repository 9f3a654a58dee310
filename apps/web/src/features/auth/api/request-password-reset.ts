import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/request-password-reset (OU only): mails a link that opens
 * /reset-password?token=… through the auth API.
 */
async function requestPasswordReset(email: string): Promise<void> {
  await api.post<unknown>('/api/auth/request-password-reset', {
    email,
    redirectTo: paths.resetPassword.getHref(),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
