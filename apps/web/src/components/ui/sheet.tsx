import type { ComponentProps, ReactNode } from 'react';
import { DialogCloseButton, DialogDescription, DialogShell, DialogTitle } from './modal.tsx';
import styles from './sheet.module.css';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The heading beside the ×; every sheet has an accessible name. */
  title: string;
  /** The panel's width on wide screens (a class with a max-width). */
  className?: string;
  /** 'alertdialog' while the sheet asks a question that needs an answer (e.g. 'Ban Jordan Lee?'). */
  role?: 'dialog' | 'alertdialog';
  onCloseAutoFocus?: (event: Event) => void;
  /** A SheetHint (or another DialogDescription) first, then the form. */
  children: ReactNode;
}

/**
 * The app's form dialog (docs/decisions/047-form-sheet.md): a centred card on wide screens, a sheet
 * from the bottom edge on phones, its title beside a ×. Escape and a click outside close it, the
 * focus stays inside. The report, moderator action, meet-up, offer and buyer dialogs are built on it.
 */
export function Sheet({ open, onOpenChange, title, className, role, onCloseAutoFocus, children }: SheetProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layout="sheet"
      className={className}
      role={role}
      described
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className={styles.header}>
        <DialogTitle className={styles.title}>{title}</DialogTitle>
        <DialogCloseButton />
      </div>
      {children}
    </DialogShell>
  );
}

/** The line under a sheet's title saying what the form is for (its accessible description). */
export function SheetHint({ className, ...props }: ComponentProps<typeof DialogDescription>) {
  return <DialogDescription className={[styles.hint, className].filter(Boolean).join(' ')} {...props} />;
}

interface SheetFormProps extends ComponentProps<'form'> {
  /** Closer rows, for a form with many parts (the meet-up's place, day, time and hint). */
  compact?: boolean;
}

/** The sheet's body: a column of fields and, last, its button; it scrolls when taller than the screen. */
export function SheetForm({ compact = false, className, ...props }: SheetFormProps) {
  return (
    <form
      noValidate
      className={[styles.form, className].filter(Boolean).join(' ')}
      data-compact={compact || undefined}
      {...props}
    />
  );
}

/** A labelled field: the label above whatever input the children are. */
export function SheetField({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={htmlFor} className={styles.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface SheetChoicesProps extends Omit<ComponentProps<'fieldset'>, 'className'> {
  legend: string;
  /** Tiles side by side: two from 480 px up (longer names), or always three (short ones like '7 days'). */
  columns?: 1 | 2 | 3;
}

/** A text input of a sheet (a date, a time…), the height of a tap. */
export function SheetInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={[styles.input, className].filter(Boolean).join(' ')} {...props} />;
}

/** A few lines of text (a note, a reason); red while aria-invalid. */
export function SheetTextarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={[styles.input, styles.textarea, className].filter(Boolean).join(' ')} {...props} />;
}

/** A radio group of tiles (arrow keys move between them), under a legend. */
export function SheetChoices({ legend, columns = 1, children, ...props }: SheetChoicesProps) {
  return (
    <fieldset className={styles.choices} data-columns={columns} {...props}>
      <legend className={styles.label}>{legend}</legend>
      {children}
    </fieldset>
  );
}

interface SheetChoiceProps {
  name: string;
  value: string | number;
  checked: boolean;
  onChange: () => void;
  /** 'start' for a choice of two lines: the radio stays by the first. */
  align?: 'center' | 'start';
  /** The choice's words: a SheetChoiceName, or lines of the caller's own. */
  children: ReactNode;
}

/** One tile of SheetChoices: the whole tile picks it; the picked one is outlined. */
export function SheetChoice({ name, value, checked, onChange, align = 'center', children }: SheetChoiceProps) {
  return (
    <label className={styles.choice} data-checked={checked || undefined} data-align={align}>
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} className={styles.radio} />
      {children}
    </label>
  );
}

export function SheetChoiceName({ children }: { children: ReactNode }) {
  return <span className={styles.choiceName}>{children}</span>;
}

/** What is wrong with the form (a check or the server's refusal), read out when it appears. */
export function SheetError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error} role="alert">
      {children}
    </p>
  );
}
