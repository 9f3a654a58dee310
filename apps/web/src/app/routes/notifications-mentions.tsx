import type { QueryClient } from '@tanstack/react-query';
import { mentionsQueryOptions } from '@/features/notifications/api/get-mentions.ts';
import { MentionsList } from '@/features/notifications/components/mentions-list.tsx';
import { NotificationTabs } from '@/features/notifications/components/notification-tabs.tsx';
import { CommunityGate, loadCommunity } from './community-gate.tsx';

export const clientLoader = (queryClient: QueryClient) => async () => {
  if (await loadCommunity(queryClient)) await queryClient.prefetchInfiniteQuery(mentionsQueryOptions());
  return null;
};

/** /notifications/mentions: posts and comments naming the viewer, as post cards (decision 019). */
export function Component() {
  return (
    <>
      <NotificationTabs />
      <CommunityGate>
        <MentionsList />
      </CommunityGate>
    </>
  );
}
