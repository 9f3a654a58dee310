import { formatMeetupTime, MEETUP_STATUS_LABELS, MEETUP_TEXTS, type Meetup, type Message } from '@campus/contract';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAcceptMeetup, useChatMeetupsQuery } from './api.ts';
import styles from './meetups.module.css';
import { SuggestMeetupDialog } from './suggest-meetup-dialog.tsx';

function Answers({ meetup }: { meetup: Meetup }) {
  const accept = useAcceptMeetup();
  const { showAlert } = useAlert();
  const [suggesting, setSuggesting] = useState(false);
  return (
    <div className={styles.actions}>
      <Button
        size="sm"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(meetup.id, {
            onSuccess: () => showAlert(MEETUP_TEXTS.accepted, { type: 'success' }),
            onError: (error) => showAlert(error.message, { type: 'danger' }),
          })
        }
      >
        {MEETUP_TEXTS.accept}
      </Button>
      <Button size="sm" variant="secondary" disabled={accept.isPending} onClick={() => setSuggesting(true)}>
        {MEETUP_TEXTS.suggestAnother}
      </Button>
      {suggesting && (
        <SuggestMeetupDialog chatId={meetup.chatId} open={suggesting} onOpenChange={setSuggesting} another />
      )}
    </div>
  );
}

/**
 * A meet-up in the chat thread (docs/product/safety.md#meet-ups), drawn for a message that names
 * one: the place, its hours, the day and time on the campus clock, what became of it, and Accept
 * / Suggest another for the side it was suggested to. The chat's cards share one read.
 */
export function MeetupCard({ message, own }: { message: Message & { meetupId: string }; own: boolean }) {
  const query = useChatMeetupsQuery(message.chatId);
  const meetup = query.data?.meetups.find((m) => m.id === message.meetupId);
  if (!meetup) {
    if (query.isPending) {
      return (
        <div className={styles.card} aria-busy="true">
          <Skeleton width={110} height={14} />
          <Skeleton width={180} height={22} />
        </div>
      );
    }
    // The cards could not be read: the message's own line still says what it was.
    return <p className={styles.fallback}>{message.plainText}</p>;
  }
  const kicker = own ? MEETUP_TEXTS.yourSuggestion : MEETUP_TEXTS.theirSuggestion;
  const when = formatMeetupTime(meetup.startsAt, meetup.timeZone);
  return (
    <section className={styles.card} data-status={meetup.status} aria-label={`${kicker}: ${meetup.spot.name}, ${when}`}>
      <p className={styles.kicker}>{kicker}</p>
      <p className={styles.place}>
        <MapPin aria-hidden="true" size={16} className={styles.pin} />
        <span>{meetup.spot.name}</span>
      </p>
      <p className={styles.time}>
        <time dateTime={meetup.startsAt}>{when}</time>
      </p>
      {meetup.spot.hours && (
        <p className={styles.hours}>
          {MEETUP_TEXTS.hoursLabel}: {meetup.spot.hours}
        </p>
      )}
      <p className={styles.status} data-status={meetup.status} role="status">
        {MEETUP_STATUS_LABELS[meetup.status]}
      </p>
      {meetup.canAnswer && <Answers meetup={meetup} />}
    </section>
  );
}
