import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type LoaderFunctionArgs, Navigate, redirect, useSearchParams } from 'react-router';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { paths, type SearchTab } from '@/config/paths.ts';
import { PrivateCommunity } from '@/features/home/components/private-community.tsx';
import { popularQueryOptions } from '@/features/search/api/get-popular.ts';
import { searchPeopleQueryOptions } from '@/features/search/api/search-people.ts';
import { searchPostsQueryOptions } from '@/features/search/api/search-posts.ts';
import { SearchPage } from '@/features/search/components/search-page.tsx';
import { useCampus } from '@/lib/campus.ts';
import { listingFiltersOf } from '@/lib/listing-filters.ts';
import { useViewer } from '@/lib/viewer.ts';
import { loadShell } from '../loaders.ts';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

const TABS: readonly SearchTab[] = ['latest', 'media', 'people'];

function tabOf(value: string | null): SearchTab {
  return TABS.find((tab) => tab === value) ?? 'latest';
}

/** A visitor on a private campus: the private screen, and the login modal for 'search' (docs/product/search.md#who-may-search). */
function VisitorSearch() {
  const authModal = useAuthModal();
  useEffect(() => {
    void authModal.open('search');
  }, [authModal]);
  return <PrivateCommunity />;
}

/** The hub sends the search on to Find Your School; a member gets the open tab's first hits. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const shell = await loadShell(queryClient);
    if (shell?.campus.isHub) throw redirect(paths.searchSchools.getHref());
    if (!shell?.viewer || !(await loadCommunity(queryClient))) return null;
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').trim();
    const show = tabOf(params.get('show'));
    if (q === '') await queryClient.prefetchQuery(popularQueryOptions());
    else if (show === 'people') await queryClient.prefetchInfiniteQuery(searchPeopleQueryOptions(q));
    else await queryClient.prefetchInfiniteQuery(searchPostsQueryOptions(q, show, listingFiltersOf(params)));
    return null;
  };

/**
 * /search?q=&show=latest|media|people (docs/product/search.md#search-page). The hub searches schools; every campus is
 * private, so a visitor gets the login modal for 'search'; people without a verified email or
 * school go to /verify or the school-email page (CommunityGate, docs/product/accounts.md#redirects).
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
