import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { paths, type SearchTab } from '@/config/paths.ts';
import { PrivateCommunity } from '@/features/home/components/private-community.tsx';
import { SearchPage } from '@/features/search/components/search-page.tsx';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import { CommunityGate } from './community-gate.tsx';

const TABS: readonly SearchTab[] = ['latest', 'media', 'people'];

function tabOf(value: string | null): SearchTab {
  return TABS.find((tab) => tab === value) ?? 'latest';
}

/** A visitor on a private campus: the private screen, and the login modal for 'search' (spec 2 §1). */
function VisitorSearch() {
  const authModal = useAuthModal();
  useEffect(() => {
    void authModal.open('search');
  }, [authModal]);
  return <PrivateCommunity />;
}

/**
 * /search?q=&show=latest|media|people (spec 2 §2). The hub searches schools; every campus is
 * private, so a visitor gets the login modal for 'search'; people without a verified email or
 * school go to /verify or the school-email page (CommunityGate, spec 2 §4 redirect rules).
 */
export function Component() {
  const [params] = useSearchParams();
  const campus = useCampus();
  const viewer = useViewer();
  if (campus.isHub) return <Navigate replace to={paths.searchSchools.getHref()} />;
  if (!viewer) return <VisitorSearch />;
  // The post cards' Comment and Send Message need the community's providers.
  return (
    <CommunityGate>
      <SearchPage q={params.get('q') ?? ''} show={tabOf(params.get('show'))} />
    </CommunityGate>
  );
}
