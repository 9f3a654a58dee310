import {
  countPlainText,
  hasNulCharacter,
  isBlankText,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  type Review,
  type SaleReviews,
} from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useWriteReview } from './api.ts';
import { ReviewTextField } from './review-text-field.tsx';
import styles from './reviews.module.css';
import { StarPicker } from './stars.tsx';

/** The composer's text rules, said before sending (the server says them again). */
export function reviewTextError(text: string): string | null {
  if (hasNulCharacter(text)) return REVIEW_MESSAGES.textInvalid;
  if (isBlankText(text)) return REVIEW_MESSAGES.textRequired;
  if (countPlainText(text.trim()) > REVIEW_LIMITS.textMax) return REVIEW_MESSAGES.textTooLong;
  return null;
}

/**
 * 'Rate your deal with {name}' (docs/product/reviews.md#where-to-write-one): 1–5 stars and a few
 * words. What the listing was sits above; a refusal from the server shows under the text.
 */
export function ReviewForm({
  postId,
  sale,
  onDone,
}: {
  postId: string;
  sale: SaleReviews;
  onDone: (review: Review) => void;
}) {
  const [stars, setStars] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [starsError, setStarsError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const write = useWriteReview(postId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (write.isPending) return;
    const missingStars = stars === null ? REVIEW_MESSAGES.starsRequired : null;
    const badText = reviewTextError(text);
    setStarsError(missingStars);
    setTextError(badText);
    if (stars === null || badText) return;
    write.mutate({ stars, text }, { onSuccess: ({ review }) => onDone(review) });
  };
  const serverError = write.error
    ? write.error instanceof ApiError
      ? write.error.message
      : 'Your review could not be sent. Check your connection and try again.'
    : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.listing}>{REVIEW_MESSAGES.listingLine(sale.listingTitle)}</p>
      <StarPicker
        value={stars}
        onChange={(n) => {
          setStars(n);
          setStarsError(null);
        }}
        error={starsError}
      />
      <ReviewTextField
        label={REVIEW_MESSAGES.textLabel}
        value={text}
        placeholder={REVIEW_MESSAGES.textPlaceholder}
        onChange={(value) => {
          setText(value);
          setTextError(null);
        }}
        error={textError ?? serverError}
      />
      <p className={styles.hint}>{REVIEW_MESSAGES.waitingBody}</p>
      <Button type="submit" block disabled={write.isPending}>
        {REVIEW_MESSAGES.send}
      </Button>
    </form>
  );
}
