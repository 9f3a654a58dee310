import type { QueryClient } from '@tanstack/react-query';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications.ts';
import { NotificationList } from '@/features/notifications/components/notification-list.tsx';
import { NotificationTabs } from '@/features/notifications/components/notification-tabs.tsx';

/** Under the 'school' gate: only members get here. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchInfiniteQuery(notificationsQueryOptions());
  return null;
};

/** /notifications: the viewer's notifications; the route itself requires a school-verified member. */
export function Component() {
  return (
    <>
      <NotificationTabs />
      <NotificationList />
    </>
  );
}
