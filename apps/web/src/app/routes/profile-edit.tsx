import { PROFILE_MESSAGES } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, redirect } from 'react-router';
import { paths } from '@/config/paths.ts';
import { ProfileEditPage } from '@/features/profiles/components/profile-edit-page.tsx';
import { useViewer } from '@/lib/viewer.ts';
import { TitleHeader } from '../layout/headers/title-header.tsx';
import { loadShell } from '../loaders.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  const viewer = (await loadShell(queryClient))?.viewer;
  if (viewer === null) throw redirect(paths.login.getHref());
  if (viewer && !viewer.verified) throw redirect(paths.verify.getHref());
  return null;
};

/** /profile/edit (docs/product/profiles.md#profile-route): signed-in users only; visitors go to /login. */
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
