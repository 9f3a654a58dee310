import { WifiOff } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import styles from './shell-states.module.css';

/** Stable keys for the placeholder rows (they never reorder). */
const NAV_ROWS = ['home', 'search', 'notifications', 'messages', 'saved', 'profile', 'settings'];
const POST_ROWS = ['first', 'second', 'third', 'fourth'];
/** Campus-neutral, as in index.html: the campus is what this skeleton waits for. */
const BRAND = 'Campus Buy / Sell';

/** The shape of the app while the campus (and the first route) load. */
export function ShellSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      <div className={styles.nav}>
        <div className={styles.row}>
          <Skeleton circle width={40} height={40} />
          <Skeleton className={styles.navLabel} width={120} height={18} />
        </div>
        {NAV_ROWS.map((row) => (
          <div key={row} className={styles.row}>
            <Skeleton circle width={28} height={28} />
            <Skeleton className={styles.navLabel} width={100} height={16} />
          </div>
        ))}
      </div>
      <div className={styles.center}>
        <p className="boot-brand">{BRAND}</p>
        {POST_ROWS.map((row) => (
          <div key={row} className={styles.row}>
            <Skeleton circle width={44} height={44} />
            <div className={styles.stack}>
              <Skeleton width="40%" height={14} />
              <Skeleton height={14} />
              <Skeleton width="75%" height={14} />
            </div>
          </div>
        ))}
      </div>
      <div className={styles.panels}>
        <div className={styles.card}>
          <div className={styles.stack}>
            <Skeleton width="60%" height={20} />
            <Skeleton height={14} />
            <Skeleton width="50%" height={14} />
            <Skeleton height={40} />
          </div>
        </div>
      </div>
    </div>
  );
}

interface CampusErrorProps {
  onRetry: () => void;
  retrying: boolean;
}

/** The campus could not be loaded (server down, network gone): nothing else can render. */
export function CampusError({ onRetry, retrying }: CampusErrorProps) {
  return (
    <main className={styles.error}>
      <div className={styles.errorCard}>
        <span className={styles.errorIcon}>
          <WifiOff size={28} aria-hidden="true" />
        </span>
        <h1 className={styles.errorTitle}>Something went wrong</h1>
        <p className={styles.errorText}>We couldn’t load this campus. Check your connection and try again.</p>
        <Button size="lg" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    </main>
  );
}
