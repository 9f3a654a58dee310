import { PROFILE_MESSAGES } from '@campus/contract';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ProfileEditPage } from '@/features/profiles/components/profile-edit-page.tsx';
import { useViewer } from '@/lib/viewer.ts';
import { TitleHeader } from '../layout/headers/title-header.tsx';

/** /profile/edit (spec 2 §2): signed-in users only; visitors go to /login. */
export function Component() {
  const viewer = useViewer();
  if (!viewer) return <Navigate replace to={paths.login.getHref()} />;
  if (!viewer.verified) return <Navigate replace to={paths.verify.getHref()} />;
  return (
    <>
      <TitleHeader title={PROFILE_MESSAGES.editProfile} back={{ to: paths.profile.getHref(viewer.username) }} />
      <ProfileEditPage viewer={viewer} />
    </>
  );
}
