import { EmailChangeVerifyResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/me/email/code: mails a 4-digit code (valid 2 h) to the new address. */
async function sendEmailChangeCode(email: string): Promise<void> {
  await api.post<null>('/api/me/email/code', { email });
}

/** POST /api/me/email/verify: the right code makes the new address the sign-in email. */
async function verifyEmailChange(body: { email: string; code: string }): Promise<{ email: string }> {
  return EmailChangeVerifyResponseSchema.parse(await api.post<unknown>('/api/me/email/verify', body));
}

export function useSendEmailChangeCode() {
  return useMutation({ mutationFn: sendEmailChangeCode });
}

export function useVerifyEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailChange,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}
