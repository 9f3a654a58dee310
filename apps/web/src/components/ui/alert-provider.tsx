import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import styles from './alert.module.css';
import { Alert } from './alert.tsx';
import { type AlertData, type AlertOptions, toAlertData } from './alert-rules.ts';
import { takeStoredAlert } from './stored-alert.ts';

export interface AlertApi {
  /** Shows an alert, replacing the one on screen. */
  showAlert: (message: string, options?: AlertOptions) => void;
  hideAlert: () => void;
}

const AlertContext = createContext<AlertApi | null>(null);

interface Shown extends AlertData {
  id: number;
}

/**
 * Owns the one alert on screen. Must sit inside the router: alerts carry links, and a
 * stored alert (see stored-alert.ts) is picked up on every navigation.
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [alert, setAlert] = useState<Shown | null>(null);
  const nextId = useRef(0);
  const location = useLocation();

  const show = useCallback((data: AlertData) => {
    nextId.current += 1;
    setAlert({ ...data, id: nextId.current });
  }, []);
  const showAlert = useCallback(
    (message: string, options?: AlertOptions) => show(toAlertData(message, options)),
    [show],
  );
  const hideAlert = useCallback(() => setAlert(null), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation may bring a stored alert
  useEffect(() => {
    const stored = takeStoredAlert();
    if (stored) show(stored);
  }, [location.key, show]);

  const api = useMemo(() => ({ showAlert, hideAlert }), [showAlert, hideAlert]);

  return (
    <AlertContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite" aria-atomic="true" data-alert-region="">
        {alert && <Alert key={alert.id} alert={alert} onDismiss={hideAlert} />}
      </div>
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlert() must be used below <AlertProvider>');
  return api;
}
