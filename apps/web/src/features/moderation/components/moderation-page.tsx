import { MODERATION_MESSAGES } from '@campus/contract';
import { LinkTabs } from '@/components/ui/link-tabs.tsx';
import { paths } from '@/config/paths.ts';
import { LogList } from './log-list.tsx';
import styles from './moderation.module.css';
import { QueueList } from './queue-list.tsx';

/**
 * /moderation (docs/product/moderation.md#the-queue), for the campus's moderators: the open
 * reports (?show absent) or the audit log (?show=log). The route keeps everyone else out.
 */
export function ModerationPage({ show }: { show: 'queue' | 'log' }) {
  return (
    <div className={styles.page}>
      <LinkTabs
        label={MODERATION_MESSAGES.nav}
        replace
        tabs={[
          { label: MODERATION_MESSAGES.queueTitle, to: paths.moderation.getHref(), active: show === 'queue' },
          {
            label: MODERATION_MESSAGES.logTitle,
            to: paths.moderation.getHref({ show: 'log' }),
            active: show === 'log',
          },
        ]}
      />
      {show === 'log' ? <LogList /> : <QueueList />}
    </div>
  );
}
