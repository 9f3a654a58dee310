import { isReservedUsername } from '@campus/contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { paths } from '@/config/paths.ts';
import { profileQueryOptions } from '@/features/profiles/api/get-profile.ts';
import { ProfileMenu } from '@/features/profiles/components/profile-menu.tsx';
import { ProfileTopBar } from '@/features/profiles/components/profile-top-bar.tsx';
import { useCampus } from '@/lib/campus.ts';
import { landingPathFor, useViewer } from '@/lib/viewer.ts';

/**
 * The 'profile' header (docs/product/community.md#shell-and-layout): the profile's name and post count with its menu. The same
 * query as the page below (one request); only members of the campus ask, like the page.
 */
export function ProfileHeaderBar({ className }: { className: string }) {
  const { username = '' } = useParams();
  const viewer = useViewer();
  const campus = useCampus();
  const member =
    viewer !== null &&
    !campus.isHub &&
    landingPathFor(viewer, campus) === paths.home.getHref() &&
    !isReservedUsername(username);
  const query = useQuery({ ...profileQueryOptions(username), enabled: member });
  // undefined while loading (a skeleton); null when there is no profile to name.
  const profile = query.data ?? (member && !query.isError ? undefined : null);
  return <ProfileTopBar profile={profile} className={className} menu={profile && <ProfileMenu profile={profile} />} />;
}
