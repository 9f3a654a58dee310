import { useCallback, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useGeoGate } from './api/geo-check.ts';
import { googleStartErrorMessage, startGoogleSignIn } from './api/start-google-sign-in.ts';

/**
 * Sends the browser to Google (after the geographic gate). Stays pending until the page is
 * left; a failure to start shows the spec's Google message and lets the person try again.
 */
export function useGoogleSignIn(): { start: () => Promise<void>; pending: boolean } {
  const campus = useCampus();
  const geoGate = useGeoGate();
  const { showAlert } = useAlert();
  const [pending, setPending] = useState(false);

  const start = useCallback(async () => {
    if (pending) return;
    setPending(true);
    if (!(await geoGate())) return;
    try {
      const url = await startGoogleSignIn({
        // A first sign-in is a new member: the hub sends them to find their school, a campus to join it.
        newUserCallbackURL: campus.isHub ? paths.searchSchools.getHref() : paths.settings.schoolEmail.getHref(),
      });
      window.location.assign(url);
    } catch (error) {
      showAlert(googleStartErrorMessage(error), { type: 'danger' });
      setPending(false);
    }
  }, [pending, geoGate, campus.isHub, showAlert]);

  return { start, pending };
}
