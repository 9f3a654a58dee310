import {
  addDays,
  campusDay,
  campusTimeZone,
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_TEXTS,
  MEETUP_TIME_STEP_MINUTES,
  meetupSpotsOf,
} from '@campus/contract';
import { type FormEvent, useId, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Sheet,
  SheetChoice,
  SheetChoices,
  SheetError,
  SheetField,
  SheetForm,
  SheetHint,
  SheetInput,
} from '@/components/ui/sheet.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCampus } from '@/lib/campus.ts';
import { useSuggestMeetup } from './api.ts';
import styles from './meetups.module.css';

interface SuggestMeetupDialogProps {
  chatId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Suggest another: answers the other side's card. */
  another?: boolean;
}

/**
 * Suggest a meet-up (docs/product/safety.md#meet-ups): one of the campus's safe spots, a day
 * (today up to 30 days ahead) and a time, both on the campus clock. A centred card on wide
 * screens, a sheet from the bottom edge on phones; the place list is a radio group (arrow keys),
 * Escape closes. The server checks the time again and says why it refuses.
 */
export function SuggestMeetupDialog({ chatId, open, onOpenChange, another = false }: SuggestMeetupDialogProps) {
  const campus = useCampus();
  const spots = meetupSpotsOf(campus.slug);
  const zone = campusTimeZone(campus.slug);
  const today = campusDay(new Date(), zone);
  const [spotId, setSpotId] = useState(spots[0]?.id ?? '');
  const [day, setDay] = useState(today);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const suggest = useSuggestMeetup();
  const { showAlert } = useAlert();
  const dayId = useId();
  const timeId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (suggest.isPending) return;
    if (!spotId) return setError(MEETUP_TEXTS.spotUnknown);
    if (!day) return setError(MEETUP_TEXTS.dayInvalid);
    if (!time) return setError(MEETUP_TEXTS.timeInvalid);
    setError(null);
    suggest.mutate(
      { chatId, body: { spotId, day, time } },
      {
        onSuccess: () => {
          onOpenChange(false);
          showAlert(MEETUP_TEXTS.sent, { type: 'success' });
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : failure.message),
      },
    );
  };

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={another ? MEETUP_TEXTS.anotherTitle : MEETUP_TEXTS.dialogTitle}
      className={styles.dialog}
    >
      <SheetHint>{MEETUP_TEXTS.dialogHint}</SheetHint>
      <SheetForm compact onSubmit={submit}>
        <SheetChoices legend={MEETUP_TEXTS.placeLabel}>
          {spots.length === 0 && <p className={styles.hint}>{MEETUP_TEXTS.noSpots}</p>}
          {spots.map((spot) => (
            <SheetChoice
              key={spot.id}
              name="spot"
              value={spot.id}
              checked={spot.id === spotId}
              onChange={() => setSpotId(spot.id)}
              align="start"
            >
              <span className={styles.spotText}>
                <span className={styles.spotName}>{spot.name}</span>
                <span className={styles.spotHours}>{spot.hours}</span>
              </span>
            </SheetChoice>
          ))}
        </SheetChoices>
        <div className={styles.when}>
          <SheetField label={MEETUP_TEXTS.dayLabel} htmlFor={dayId}>
            <SheetInput
              id={dayId}
              type="date"
              value={day}
              min={today}
              max={addDays(today, MEETUP_MAX_DAYS_AHEAD)}
              required
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setDay(event.target.value);
                setError(null);
              }}
            />
          </SheetField>
          <SheetField label={MEETUP_TEXTS.timeLabel} htmlFor={timeId}>
            <SheetInput
              id={timeId}
              type="time"
              value={time}
              step={MEETUP_TIME_STEP_MINUTES * 60}
              required
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setTime(event.target.value);
                setError(null);
              }}
            />
          </SheetField>
        </div>
        <p className={styles.hint}>{MEETUP_TEXTS.campusTime(zone)}</p>
        {error && <SheetError id={errorId}>{error}</SheetError>}
        <Button type="submit" block disabled={suggest.isPending || spots.length === 0}>
          {MEETUP_TEXTS.send}
        </Button>
      </SheetForm>
    </Sheet>
  );
}
