import { GOOGLE_AUTH_MESSAGES } from '@campus/contract';
import { paths } from '@/config/paths.ts';
import { ApiError, api } from '@/lib/api-client.ts';

/**
 * POST /api/auth/sign-in/social: where to send the browser to sign in with Google. Google
 * comes back to the callback, which signs the person in and continues to `callbackURL`
 * (`newUserCallbackURL` for a first sign-in), or to /login?error=… on failure.
 */
export async function startGoogleSignIn({ newUserCallbackURL }: { newUserCallbackURL: string }): Promise<string> {
  const body = await api.post<unknown>('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: paths.home.getHref(),
    newUserCallbackURL,
    errorCallbackURL: paths.login.getHref(),
  });
  const url = (body as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url))
    throw new ApiError(500, 'BAD_RESPONSE', 'No sign-in address');
  return url;
}

/**
 * Starting failed before Google was even reached: the network, or the server. (Failures at
 * Google come back to /login?error=… and are worded by features/auth/lib/auth-errors.ts.)
 */
export function googleStartErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 0
    ? GOOGLE_AUTH_MESSAGES.networkError
    : GOOGLE_AUTH_MESSAGES.unknown;
}
