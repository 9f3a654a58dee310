import { SETTINGS_MESSAGES } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, Navigate, redirect, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { SchoolEmailForm } from '@/features/school-email/components/school-email-form.tsx';
import { joinTarget } from '@/features/school-email/lib/join-target.ts';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import { TitleHeader } from '../../layout/headers/title-header.tsx';
import { loadShell } from '../../loaders.ts';

/** A campus to join, named by the address or the site's own; else Find Your School (the hub). */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const shell = await loadShell(queryClient);
    if (shell && !joinTarget(new URL(request.url).searchParams.get('campus'), shell.campus.id)) {
      throw redirect(paths.searchSchools.getHref());
    }
    return null;
  };

/**
 * /settings/account/school_email?campus={id} — join a campus with a school email (docs/product/accounts.md#joining-a-campus).
 * The campus is the one picked in Find Your School, else the site's own. The hub has no
 * school of its own, so there the page needs a picked campus and otherwise sends the user
 * to Find Your School.
 */
export function Component() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const site = useCampus();
  const target = joinTarget(params.get('campus'), site.id);

  // Under RequireViewer('verified'): never null here.
  if (!viewer) return null;
  if (!target) return <Navigate replace to={paths.searchSchools.getHref()} />;

  const title = viewer.schoolEmail ? SETTINGS_MESSAGES.changeSchoolEmail : SETTINGS_MESSAGES.joinYourCampus;
  return (
    <section>
      <TitleHeader title={title} back={{ to: paths.settings.account.getHref() }} />
      <SchoolEmailForm
        key={target.campus.id}
        campus={target.campus}
        currentSchoolEmail={viewer.schoolEmail}
        campusId={target.campusParam}
        onSent={(email) => navigate(paths.settings.verifySchoolEmail.getHref({ email, campus: target.campusParam }))}
      />
    </section>
  );
}
