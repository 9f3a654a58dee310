import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshViewer } from './get-me.ts';

interface VerifyEmailInput {
  email: string;
  code: string;
}

/** POST /api/auth/email-otp/verify-email: checks the code and marks the account verified. */
async function verifyEmail({ email, code }: VerifyEmailInput): Promise<void> {
  await api.post<unknown>('/api/auth/email-otp/verify-email', { email, otp: code });
}

/** Verifies, then refreshes the viewer; the /verify guard then moves the person on. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => refreshViewer(queryClient),
  });
}
