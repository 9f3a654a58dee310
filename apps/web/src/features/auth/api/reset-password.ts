import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { forgetViewer } from './get-me.ts';

interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: sets the new password; every session of the account ends. */
async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await api.post<unknown>('/api/auth/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The server signs the account out everywhere, this tab included.
    onSuccess: () => forgetViewer(queryClient),
  });
}
