import { type BuyerCandidate, DEAL_MESSAGES, formatOfferAmount, type Post } from '@campus/contract';
import { UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/list-states.tsx';
import { Sheet, SheetForm, SheetHint } from '@/components/ui/sheet.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBuyerCandidatesQuery, useMarkListing } from './api.ts';
import styles from './deals.module.css';

/** 'Someone else': a buyer who never wrote here (no one is named). */
const SOMEONE_ELSE = '';

function CandidateRow({ person, checked, onPick }: { person: BuyerCandidate; checked: boolean; onPick: () => void }) {
  return (
    <label className={styles.candidate} data-checked={checked || undefined}>
      <input
        type="radio"
        name="buyer"
        value={person.id}
        checked={checked}
        onChange={onPick}
        className={styles.radio}
        // biome-ignore lint/a11y/noAutofocus: the picked person has focus once the list arrives (arrows move, Enter marks)
        autoFocus={checked}
      />
      <Avatar src={person.img} size={40} />
      <span className={styles.candidateNames}>
        <span className={styles.candidateName}>
          {person.firstName} {person.lastName}
        </span>
        <span className={styles.candidateUsername}>@{person.username}</span>
      </span>
      {person.offerCents !== null && (
        <span className={styles.candidateOffer}>Offered {formatOfferAmount(person.offerCents)}</span>
      )}
    </label>
  );
}

function CandidatesSkeleton() {
  return (
    <div aria-busy="true" className={styles.candidates}>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.candidate}>
          <Skeleton circle width={40} height={40} />
          <Skeleton width={140} height={16} />
        </div>
      ))}
    </div>
  );
}

interface BuyerPickerDialogProps {
  post: Post;
  status: 'pending' | 'sold';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Mark as pending / sold (docs/product/selling.md#available-pending-sold): the owner picks the
 * buyer among the people who messaged them about the listing (avatars, any offer), or 'Someone
 * else'. Radio buttons: arrow keys move, Enter marks.
 */
export function BuyerPickerDialog({ post, status, open, onOpenChange }: BuyerPickerDialogProps) {
  const candidates = useBuyerCandidatesQuery(post.id, open);
  const mark = useMarkListing();
  const { showAlert } = useAlert();
  const [picked, setPicked] = useState<string | null>(null);
  const people = candidates.data?.people ?? [];
  // The first person (an offer first) is picked until the owner picks someone else.
  const choice = picked ?? people[0]?.id ?? SOMEONE_ELSE;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mark.isPending || candidates.isPending) return;
    mark.mutate(
      { postId: post.id, status, buyerId: choice === SOMEONE_ELSE ? null : choice },
      {
        onSuccess: () => {
          onOpenChange(false);
          showAlert(DEAL_MESSAGES.statusSaved[status], { type: 'success' });
        },
        onError: (error) => showAlert(error.message, { type: 'danger' }),
      },
    );
  };
  const label = status === 'sold' ? DEAL_MESSAGES.markSold : DEAL_MESSAGES.markPending;
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={DEAL_MESSAGES.pickBuyerTitle(status)}
      className={styles.pickerDialog}
    >
      <SheetHint>{DEAL_MESSAGES.pickBuyerHint}</SheetHint>
      <SheetForm onSubmit={submit}>
        {candidates.isPending ? (
          <CandidatesSkeleton />
        ) : candidates.isError ? (
          <ErrorState onRetry={() => void candidates.refetch()} retrying={candidates.isFetching} />
        ) : (
          <fieldset className={styles.candidates}>
            <legend className="visually-hidden">{DEAL_MESSAGES.pickBuyerTitle(status)}</legend>
            {people.length === 0 && <p className={styles.noCandidates}>{DEAL_MESSAGES.noCandidates}</p>}
            {people.map((person) => (
              <CandidateRow
                key={person.id}
                person={person}
                checked={choice === person.id}
                onPick={() => setPicked(person.id)}
              />
            ))}
            <label className={styles.candidate} data-checked={choice === SOMEONE_ELSE || undefined}>
              <input
                type="radio"
                name="buyer"
                value={SOMEONE_ELSE}
                checked={choice === SOMEONE_ELSE}
                onChange={() => setPicked(SOMEONE_ELSE)}
                className={styles.radio}
              />
              <span className={styles.someoneElseIcon} aria-hidden="true">
                <UserRound size={22} />
              </span>
              <span className={styles.candidateName}>{DEAL_MESSAGES.someoneElse}</span>
            </label>
          </fieldset>
        )}
        <Button type="submit" block disabled={mark.isPending || candidates.isPending}>
          {label}
        </Button>
      </SheetForm>
    </Sheet>
  );
}
