import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshViewer } from './get-me.ts';

interface SignUpWithEmailInput {
  name: string;
  email: string;
  password: string;
}

/** POST /api/auth/sign-up/email: creates the (unverified) account and signs it in. */
async function signUpWithEmail(input: SignUpWithEmailInput): Promise<void> {
  await api.post<unknown>('/api/auth/sign-up/email', input);
}

/** Registers, then refreshes the viewer; the guard then sends the new account to /verify. */
export function useSignUpWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUpWithEmail,
    onSuccess: () => refreshViewer(queryClient),
  });
}
