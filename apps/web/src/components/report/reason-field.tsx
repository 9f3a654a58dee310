import { countPlainText, MODERATION_LIMITS } from '@campus/contract';
import { useId } from 'react';
import {
  SheetChoice,
  SheetChoiceName,
  SheetChoices,
  SheetError,
  SheetField,
  SheetTextarea,
} from '@/components/ui/sheet.tsx';
import styles from './reason-field.module.css';

/** Longer than a note or reason may be (docs/product/moderation.md#reporting): counted as the server counts it. */
export function isNoteTooLong(note: string): boolean {
  return countPlainText(note.trim()) > MODERATION_LIMITS.noteMax;
}

interface ReasonChoices<TChoice extends string> {
  legend: string;
  options: readonly TChoice[];
  labels: Record<TChoice, string>;
  /** '' until one is picked. */
  value: TChoice | '';
  onChange: (choice: TChoice) => void;
}

interface ReasonFieldProps<TChoice extends string> {
  /** A short list to pick the reason from (a report's); absent, the note is the reason (a moderator's). */
  choices?: ReasonChoices<TChoice>;
  noteLabel: string;
  note: string;
  onNoteChange: (note: string) => void;
  placeholder?: string;
  /** The note is the reason itself, so an empty one is what the error is about. */
  noteRequired?: boolean;
  /** The check's message or the server's refusal, under the field. */
  error: string | null;
}

/**
 * Why (docs/product/moderation.md): the report's reasons as a radio group and an optional note, or a
 * moderator's reason for the member; a counter of the note's characters against the limit, and what
 * is wrong under it. The report dialog and the moderator's action dialog share it.
 */
export function ReasonField<TChoice extends string>({
  choices,
  noteLabel,
  note,
  onNoteChange,
  placeholder,
  noteRequired = false,
  error,
}: ReasonFieldProps<TChoice>) {
  const noteId = useId();
  const errorId = useId();
  const count = countPlainText(note.trim());
  const over = count > MODERATION_LIMITS.noteMax;
  const describedBy = error ? errorId : undefined;
  return (
    <>
      {choices && (
        <SheetChoices legend={choices.legend} columns={2} aria-describedby={describedBy}>
          {choices.options.map((option) => (
            <SheetChoice
              key={option}
              name="reason"
              value={option}
              checked={option === choices.value}
              onChange={() => choices.onChange(option)}
            >
              <SheetChoiceName>{choices.labels[option]}</SheetChoiceName>
            </SheetChoice>
          ))}
        </SheetChoices>
      )}
      <SheetField label={noteLabel} htmlFor={noteId}>
        <SheetTextarea
          id={noteId}
          rows={3}
          value={note}
          placeholder={placeholder}
          aria-invalid={over || (noteRequired && error !== null && !note.trim()) || undefined}
          // With choices, the error speaks of the group (no reason picked) and is tied to it.
          aria-describedby={choices ? undefined : describedBy}
          onChange={(event) => onNoteChange(event.currentTarget.value)}
        />
        <p className={over ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
          {count} / {MODERATION_LIMITS.noteMax}
        </p>
      </SheetField>
      {error && <SheetError id={errorId}>{error}</SheetError>}
    </>
  );
}
