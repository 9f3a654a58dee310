import { formatOfferAmount } from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DialogDescription } from '@/components/ui/modal.tsx';
import { Sheet, SheetForm } from '@/components/ui/sheet.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { parseOfferAmount } from './amount.ts';
import styles from './deals.module.css';

interface OfferAmountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  submitLabel: string;
  /** What the amount is about: the listing's title and asking price. */
  listing: { title: string; priceCents: number | null };
  pending: boolean;
  /** The server's refusal, shown under the field. */
  serverError: string | null;
  onSubmit: (amountCents: number) => void;
}

/**
 * Make offer and Counter (docs/product/selling.md#offers): one amount in dollars. A centred card
 * on wide screens, a sheet from the bottom edge on phones; Enter sends, Escape closes, and the
 * field has focus when it opens.
 */
export function OfferAmountDialog({
  open,
  onOpenChange,
  title,
  label,
  submitLabel,
  listing,
  pending,
  serverError,
  onSubmit,
}: OfferAmountDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = parseOfferAmount(text);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSubmit(parsed.cents);
  };
  const asking = listing.priceCents !== null && listing.priceCents > 0 ? formatOfferAmount(listing.priceCents) : null;
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={title} className={styles.amountDialog}>
      <DialogDescription className={styles.dialogListing}>
        <span className={styles.dialogListingTitle}>{listing.title}</span>
        {asking && <span className={styles.dialogAsking}>Asking {asking}</span>}
      </DialogDescription>
      <SheetForm onSubmit={submit}>
        <TextField
          label={label}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          autoFocus
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          trailing={<span className={styles.currency}>USD</span>}
          error={error ?? serverError}
        />
        <Button type="submit" block disabled={pending}>
          {submitLabel}
        </Button>
      </SheetForm>
    </Sheet>
  );
}
