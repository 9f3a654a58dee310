import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { rememberSignInEmail } from '../lib/magic-link.ts';

interface SendSignInLinkInput {
  email: string;
  /** Given when the link registers a new account (the register form's name). */
  name?: string;
}

/**
 * POST /api/auth/sign-in/magic-link (OU only): mails a link to /login/sent. The address is
 * remembered on this device so the link can be checked when it comes back (docs/product/accounts.md#emailed-sign-in-link).
 */
async function sendSignInLink({ email, name }: SendSignInLinkInput): Promise<void> {
  await api.post<unknown>('/api/auth/sign-in/magic-link', name ? { email, name } : { email });
  rememberSignInEmail(email);
}

export function useSendSignInLink() {
  return useMutation({ mutationFn: sendSignInLink });
}
