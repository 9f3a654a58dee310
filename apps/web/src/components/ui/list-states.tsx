import { FEED_MESSAGES } from '@campus/contract';
import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import styles from './list-states.module.css';

const ERROR_TEXTS = {
  title: 'Something went wrong',
  body: 'We couldn’t load these posts. Check your connection and try again.',
  retry: 'Try again',
  retrying: 'Trying again…',
} as const;

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  body?: string;
  action?: ReactNode;
}

/** A list whose first page is on its way: its placeholders, and 'Loading…' for screen readers. */
export function LoadingState({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-busy="true" aria-label={label}>
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {children}
    </section>
  );
}

/** A list (or page) with nothing in it: an icon, what it means, and what to do about it. */
export function EmptyState({ icon, title, body, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.icon}>{icon}</span>
      <h2 className={styles.title}>{title}</h2>
      {body && <p className={styles.body}>{body}</p>}
      {action}
    </div>
  );
}

/** A list that failed to load, with a way to ask again. `compact` under already loaded posts. */
export function ErrorState({
  onRetry,
  retrying,
  compact = false,
  body = ERROR_TEXTS.body,
}: {
  onRetry: () => void;
  retrying: boolean;
  compact?: boolean;
  /** What failed to load, for lists of something other than posts. */
  body?: string;
}) {
  if (compact) {
    return (
      <div className={styles.inlineError} role="alert">
        <span>{ERROR_TEXTS.title}</span>
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? ERROR_TEXTS.retrying : ERROR_TEXTS.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.empty} role="alert">
      <span className={`${styles.icon} ${styles.errorIcon}`}>
        <CircleAlert aria-hidden="true" size={28} />
      </span>
      <h2 className={styles.title}>{ERROR_TEXTS.title}</h2>
      <p className={styles.body}>{body}</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? ERROR_TEXTS.retrying : ERROR_TEXTS.retry}
      </Button>
    </div>
  );
}

/** "You've reached the end." under the last page. */
export function EndOfList() {
  return <p className={styles.end}>{FEED_MESSAGES.endOfList}</p>;
}
