import { MentionsList } from '@/features/notifications/components/mentions-list.tsx';
import { NotificationTabs } from '@/features/notifications/components/notification-tabs.tsx';
import { CommunityGate } from './community-gate.tsx';

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
