import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /api/auth/email-otp/send-verification-otp: mails a 4-digit code that verifies the account. */
export async function sendVerificationCode(email: string): Promise<void> {
  await api.post<unknown>('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
