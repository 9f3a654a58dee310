import { NotificationList } from '@/features/notifications/components/notification-list.tsx';
import { NotificationTabs } from '@/features/notifications/components/notification-tabs.tsx';

/** /notifications: the viewer's notifications; the route itself requires a school-verified member. */
export function Component() {
  return (
    <>
      <NotificationTabs />
      <NotificationList />
    </>
  );
}
