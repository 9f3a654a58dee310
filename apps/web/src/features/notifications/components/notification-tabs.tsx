import { useLocation } from 'react-router';
import { LinkTabs } from '@/components/ui/link-tabs.tsx';
import { paths } from '@/config/paths.ts';

const TABS = [
  { label: 'All', to: paths.notifications.getHref() },
  { label: 'Mentions', to: paths.notificationMentions.getHref() },
] as const;

/** All | Mentions above /notifications and /notifications/mentions (docs/product/messages.md#notifications-page); each is a page of its own. */
export function NotificationTabs() {
  const { pathname } = useLocation();
  return <LinkTabs label="Notification views" tabs={TABS.map((tab) => ({ ...tab, active: pathname === tab.to }))} />;
}
