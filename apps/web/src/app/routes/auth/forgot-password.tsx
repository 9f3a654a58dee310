import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Navigate, redirect, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';
import { useCampus } from '@/lib/campus.ts';
import { loadShell } from '../../loaders.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const shell = await loadShell(queryClient);
    if (shell && !shell.campus.signIn.forgotPassword) {
      throw redirect(paths.login.getHref({ email: new URL(request.url).searchParams.get('email') ?? undefined }));
    }
    return null;
  };

/** /forgotpassword: on OU only (docs/product/accounts.md#ou-only-options); other campuses go to the login form. */
export function Component() {
  const campus = useCampus();
  const [params] = useSearchParams();
  if (!campus.signIn.forgotPassword) {
    return <Navigate replace to={paths.login.getHref({ email: params.get('email') ?? undefined })} />;
  }
  return <ForgotPasswordForm />;
}
