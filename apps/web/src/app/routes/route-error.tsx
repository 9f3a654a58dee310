import { RefreshCw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import styles from '../layout/shell-states.module.css';
import { NotFound } from './not-found.tsx';

/**
 * Last resort for errors thrown while loading or rendering a route — most often a page's
 * code that failed to download after a new version was deployed; reloading fetches it.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound standalone />;
  return (
    <main className={styles.error}>
      <div className={styles.errorCard}>
        <span className={styles.errorIcon}>
          <RefreshCw size={28} aria-hidden="true" />
        </span>
        <h1 className={styles.errorTitle}>Something went wrong</h1>
        <p className={styles.errorText}>This page couldn’t be shown. Reloading usually fixes it.</p>
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    </main>
  );
}
