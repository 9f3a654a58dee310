import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form.tsx';
import { useCampus } from '@/lib/campus.ts';

/** /forgotpassword: on OU only (spec 1 §6); other campuses go to the login form. */
export function Component() {
  const campus = useCampus();
  const [params] = useSearchParams();
  if (!campus.signIn.forgotPassword) {
    return <Navigate replace to={paths.login.getHref({ email: params.get('email') ?? undefined })} />;
  }
  return <ForgotPasswordForm />;
}
