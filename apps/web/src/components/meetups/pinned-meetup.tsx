import { formatMeetupTime, MEETUP_TEXTS } from '@campus/contract';
import { CalendarCheck } from 'lucide-react';
import { useChatMeetupsQuery } from './api.ts';
import styles from './meetups.module.css';

/**
 * The accepted meet-up pinned at the top of the chat until it has passed
 * (docs/product/safety.md#meet-ups). Nothing while there is none or it cannot be read.
 */
export function PinnedMeetup({ chatId }: { chatId: string }) {
  const pinned = useChatMeetupsQuery(chatId).data?.pinned;
  if (!pinned) return null;
  const when = formatMeetupTime(pinned.startsAt, pinned.timeZone);
  return (
    <aside className={styles.pinned} aria-label={MEETUP_TEXTS.pinnedLabel}>
      <CalendarCheck aria-hidden="true" size={20} className={styles.pinnedIcon} />
      <div className={styles.pinnedText}>
        <p className={styles.pinnedKicker}>{MEETUP_TEXTS.pinnedLabel}</p>
        <p className={styles.pinnedPlace}>{pinned.spot.name}</p>
        <p className={styles.pinnedTime}>
          <time dateTime={pinned.startsAt}>{when}</time>
        </p>
      </div>
    </aside>
  );
}
