import { isReservedUsername, PROFILE_TABS } from '@campus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useParams, useSearchParams } from 'react-router';
import { profileReviewsQueryOptions } from '@/components/reviews/index.ts';
import { profileQueryOptions } from '@/features/profiles/api/get-profile.ts';
import { profilePostsQueryOptions } from '@/features/profiles/api/get-profile-posts.ts';
import { ProfilePage } from '@/features/profiles/components/profile-page.tsx';
import type { ProfileView } from '@/features/profiles/components/profile-tabs.tsx';
import { campusHead, profileHead, type WithHead } from '../head.ts';
import { profileHeaderBarModule } from '../layout/headers/profile-header.tsx';
import { loadShell } from '../loaders.ts';
import { CommunityGate, loadCommunity } from './community-gate.tsx';
import { NotFound } from './not-found.tsx';

function tabOf(value: string | null): ProfileView {
  if (value === 'reviews') return 'reviews';
  return PROFILE_TABS.find((tab) => tab === value) ?? 'posts';
}

/** A member's view of a profile and its open tab; a visitor's preview is the campus's. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params, request }: LoaderFunctionArgs): Promise<WithHead> => {
    const username = params.username ?? '';
    if (isReservedUsername(username)) return {};
    const [member] = await Promise.all([loadCommunity(queryClient), profileHeaderBarModule.load()]);
    if (!member) {
      const shell = await loadShell(queryClient);
      return { head: shell && campusHead(shell.campus) };
    }
    const show = tabOf(new URL(request.url).searchParams.get('show'));
    const profile = profileQueryOptions(username);
    // The header's rating and the Reviews tab read the same first page of reviews.
    await Promise.all([
      queryClient.prefetchQuery(profile),
      queryClient.prefetchInfiniteQuery(profileReviewsQueryOptions(username)),
      show === 'reviews' ? undefined : queryClient.prefetchInfiniteQuery(profilePostsQueryOptions(username, show)),
    ]);
    const data = queryClient.getQueryData(profile.queryKey);
    return { head: data ? profileHead(data, member.campus) : campusHead(member.campus) };
  };

/**
 * /{username}?show=photos|replies|likes|reviews (docs/product/profiles.md#profile-route): for members of the campus, like the feed
 * (visitors see the private-community screen; others go to /verify or the school-email page).
 */
export function Component() {
  const { username = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  // An app path whose page is still to come (/checkout, /cart…) is not a username.
  if (isReservedUsername(username)) return <NotFound />;
  return (
    <CommunityGate>
      {/* Another person is a new page: nothing (open menus, dialogs) carries over. */}
      <ProfilePage
        key={username.toLowerCase()}
        username={username}
        show={tabOf(searchParams.get('show'))}
        messageOnOpen={searchParams.get('redirect') === 'true'}
        onMessageClosed={() =>
          setSearchParams(
            (params) => {
              params.delete('redirect');
              return params;
            },
            { replace: true },
          )
        }
      />
    </CommunityGate>
  );
}
