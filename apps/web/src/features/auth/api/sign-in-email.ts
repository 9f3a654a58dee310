import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { refreshViewer } from './get-me.ts';

interface SignInWithEmailInput {
  email: string;
  password: string;
}

/** POST /api/auth/sign-in/email: sets the session cookie. */
async function signInWithEmail(input: SignInWithEmailInput): Promise<void> {
  await api.post<unknown>('/api/auth/sign-in/email', input);
}

/** Signs in, then refreshes the viewer; the sign-in route's guard moves the person on. */
export function useSignInWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: () => refreshViewer(queryClient),
  });
}
