import { NOTIFICATION_SETTINGS_TEXTS } from '@campus/contract';
import { paths } from '@/config/paths.ts';
import { NotificationSettingsPage } from '@/features/settings/components/notification-settings.tsx';
import { TitleHeader } from '../../layout/headers/title-header.tsx';

/** /settings/notifications (docs/product/notifications.md); back to the menu at ≤ 1000 px. */
export function Component() {
  return (
    <section>
      <TitleHeader
        title={NOTIFICATION_SETTINGS_TEXTS.title}
        back={{ to: paths.settings.root.getHref(), below: 'tablet' }}
      />
      <NotificationSettingsPage />
    </section>
  );
}
