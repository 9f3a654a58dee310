import { ACCOUNT_SAFETY_LIMITS, CodeSendResponseSchema } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** What a request for a code did: mailed one, or nothing yet (a working code went out moments ago). */
interface CodeSendResult {
  sent: boolean;
  /** Seconds until asking again would mail a code. */
  retryAfterSeconds: number;
}

/**
 * POST /api/auth/email-otp/send-verification-otp: mails a 4-digit code that verifies the account,
 * unless one went out less than a minute ago; then the answer says how long until one would be.
 */
async function sendVerificationCode(email: string): Promise<CodeSendResult> {
  const body = CodeSendResponseSchema.parse(
    await api.post<unknown>('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' }),
  );
  if (body.sent === false && body.retryAfterSeconds) return { sent: false, retryAfterSeconds: body.retryAfterSeconds };
  return { sent: true, retryAfterSeconds: ACCOUNT_SAFETY_LIMITS.codeResendAfterSeconds };
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
