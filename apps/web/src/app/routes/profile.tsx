import { isReservedUsername, PROFILE_TABS, type ProfileTab } from '@campus/contract';
import { useParams, useSearchParams } from 'react-router';
import { ProfilePage } from '@/features/profiles/components/profile-page.tsx';
import { CommunityGate } from './community-gate.tsx';
import { NotFound } from './not-found.tsx';

function tabOf(value: string | null): ProfileTab {
  return PROFILE_TABS.find((tab) => tab === value) ?? 'posts';
}

/**
 * /{username}?show=photos|replies|likes (spec 2 §2): for members of the campus, like the feed
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
