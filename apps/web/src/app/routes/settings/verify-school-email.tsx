import { SETTINGS_MESSAGES } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { paths } from '@/config/paths.ts';
import { VerifySchoolEmailForm } from '@/features/school-email/components/verify-school-email-form.tsx';
import { joinTarget } from '@/features/school-email/lib/join-target.ts';
import { useCampus } from '@/lib/campus.ts';
import { safeGoBack } from '@/lib/navigation.ts';
import { useViewer } from '@/lib/viewer.ts';
import { TitleHeader } from '../../layout/headers/title-header.tsx';
import { loadShell } from '../../loaders.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const shell = await loadShell(queryClient);
    if (!shell) return null;
    const params = new URL(request.url).searchParams;
    const target = joinTarget(params.get('campus'), shell.campus.id);
    if (!target) throw redirect(paths.searchSchools.getHref());
    if (!params.get('email')?.trim()) {
      throw redirect(paths.settings.schoolEmail.getHref({ campus: target.campusParam }));
    }
    return null;
  };

/**
 * /settings/account/verify_school_email?email=…&campus=… — the PIN of the school email
 * (docs/product/accounts.md#joining-a-campus, docs/product/accounts.md#school-verification). On success the user is a member: they go where the server says (Find Your
 * School on the hub, else /home) and that page confirms with 'Profile Updated', the spec's
 * alert for a successful account edit (docs/product/profiles.md#profile-and-settings-messages).
 */
export function Component() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { hideAlert } = useAlert();
  const [params] = useSearchParams();
  const site = useCampus();
  const email = params.get('email')?.trim() ?? '';
  const target = joinTarget(params.get('campus'), site.id);

  if (!viewer) return null;
  if (!target) return <Navigate replace to={paths.searchSchools.getHref()} />;
  if (!email) return <Navigate replace to={paths.settings.schoolEmail.getHref({ campus: target.campusParam })} />;

  const title = viewer.schoolEmail ? SETTINGS_MESSAGES.changeSchoolEmail : SETTINGS_MESSAGES.joinYourCampus;
  const handleVerified = (redirectTo: string) => {
    hideAlert();
    storeAlert(SETTINGS_MESSAGES.profileUpdated, { type: 'success' });
    navigate(safeGoBack(redirectTo, paths.home.getHref()), { replace: true });
  };

  return (
    <section>
      <TitleHeader title={title} back={{ to: paths.settings.schoolEmail.getHref({ campus: target.campusParam }) }} />
      <VerifySchoolEmailForm email={email} campusId={target.campusParam} onVerified={handleVerified} />
    </section>
  );
}
