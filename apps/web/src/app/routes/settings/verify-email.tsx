import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { VerifyEmailForm } from '@/features/settings/components/email-change.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';

/** /settings/account/verify_email?email=… (docs/product/accounts.md#enter-pin-screens, docs/product/profiles.md#email-change). */
export function Component() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim();
  if (!email) return <Navigate replace to={paths.settings.email.getHref()} />;
  return (
    <section>
      <TitleHeader title="Verify your new email" back={{ to: paths.settings.email.getHref() }} />
      <VerifyEmailForm key={email} email={email} />
    </section>
  );
}
