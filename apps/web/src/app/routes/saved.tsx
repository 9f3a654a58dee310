import type { QueryClient } from '@tanstack/react-query';
import { savedQueryOptions } from '@/features/posts/api/get-saved.ts';
import { SavedList } from '@/features/posts/components/saved-list.tsx';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

export const clientLoader = (queryClient: QueryClient) => async () => {
  if (await loadCommunity(queryClient)) await queryClient.prefetchInfiniteQuery(savedQueryOptions());
  return null;
};

/** /saved: the viewer's saved (liked) posts; the route itself requires a signed-in member. */
export function Component() {
  return (
    <CommunityGate>
      <SavedList />
    </CommunityGate>
  );
}
