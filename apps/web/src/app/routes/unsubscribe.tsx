import { NOTIFICATION_SETTINGS_TEXTS } from '@campus/contract';
import { useSearchParams } from 'react-router';
import { UnsubscribePage } from '@/features/settings/components/unsubscribe.tsx';
import { TitleHeader } from '../layout/headers/title-header.tsx';

/** /unsubscribe?token=… (decision 040): an email's unsubscribe link; no sign-in needed. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <section>
      <TitleHeader title={NOTIFICATION_SETTINGS_TEXTS.unsubscribeTitle} />
      <UnsubscribePage token={(params.get('token') ?? '').slice(0, 512)} />
    </section>
  );
}
