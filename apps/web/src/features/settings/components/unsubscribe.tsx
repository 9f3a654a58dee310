import { NOTIFICATION_KIND_TEXTS, NOTIFICATION_SETTINGS_TEXTS as TEXTS } from '@campus/contract';
import { MailCheck, MailX } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useUnsubscribe, useUnsubscribeCheck } from '../api/notification-settings.ts';
import styles from './unsubscribe.module.css';

/**
 * /unsubscribe?token=… (decision 040): where an email's unsubscribe link lands, signed in or
 * not. It names the kind of email the link turns off and does it with one press (a GET never
 * changes anything: mail scanners open links), then says the other emails stay as they are.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const check = useUnsubscribeCheck(token);
  const unsubscribe = useUnsubscribe();
  const settingsLink = (
    <ButtonLink to={paths.settings.notifications.getHref()} variant="secondary">
      {TEXTS.unsubscribeSettings}
    </ButtonLink>
  );
  if (token === '' || check.isError || unsubscribe.isError) {
    return (
      <EmptyState
        icon={<MailX aria-hidden="true" size={28} />}
        title={TEXTS.unsubscribeInvalid}
        action={settingsLink}
      />
    );
  }
  if (check.isPending) {
    return (
      <div className={styles.box} aria-busy="true">
        <Skeleton width="70%" height={20} />
      </div>
    );
  }
  const kindTitle = NOTIFICATION_KIND_TEXTS[check.data.kind].title;
  if (unsubscribe.isSuccess) {
    return (
      <EmptyState
        icon={<MailCheck aria-hidden="true" size={28} />}
        title={TEXTS.unsubscribeDone(kindTitle)}
        body={TEXTS.unsubscribeOthers}
        action={settingsLink}
      />
    );
  }
  return (
    <EmptyState
      icon={<MailX aria-hidden="true" size={28} />}
      title={TEXTS.unsubscribeAsk(kindTitle)}
      action={
        <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          {TEXTS.unsubscribeButton}
        </Button>
      }
    />
  );
}
