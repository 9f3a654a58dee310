import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useGeoGate } from './api/geo-check.ts';
import type { AuthModalTrigger } from './trigger.ts';

export type { AuthModalTrigger } from './trigger.ts';

const AuthModal = lazy(() => import('./auth-dialogs.tsx').then((m) => ({ default: m.AuthModal })));
const VerifySchoolModal = lazy(() => import('./auth-dialogs.tsx').then((m) => ({ default: m.VerifySchoolModal })));

interface AuthModalsApi {
  openAuth: (trigger: AuthModalTrigger) => Promise<void>;
  openVerifySchool: () => void;
}

const AuthModalsContext = createContext<AuthModalsApi | null>(null);

function useAuthModals(): AuthModalsApi {
  const api = useContext(AuthModalsContext);
  if (!api) throw new Error('the auth modals need <AuthModalsProvider> above them');
  return api;
}

/**
 * The login/join modal: `open(trigger)` for a visitor who tried something that needs an
 * account. The geographic gate runs first; a visitor it turns away goes to /404 instead.
 */
export function useAuthModal(): { open: (trigger: AuthModalTrigger) => Promise<void> } {
  const { openAuth } = useAuthModals();
  return useMemo(() => ({ open: openAuth }), [openAuth]);
}

/** The verify-school modal: for a signed-in person without a verified school email. */
export function useVerifySchoolModal(): { open: () => void } {
  const { openVerifySchool } = useAuthModals();
  return useMemo(() => ({ open: openVerifySchool }), [openVerifySchool]);
}

/** Holds the login/join and verify-school modals for the whole app (inside the router). */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [trigger, setTrigger] = useState<AuthModalTrigger | null>(null);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const geoGate = useGeoGate();
  const { pathname } = useLocation();

  const openAuth = useCallback(
    async (next: AuthModalTrigger) => {
      if (await geoGate()) setTrigger(next);
    },
    [geoGate],
  );
  const openVerifySchool = useCallback(() => setVerifyOpen(true), []);
  const closeAuth = useCallback(() => setTrigger(null), []);
  const closeVerify = useCallback(() => setVerifyOpen(false), []);

  // Going to another page closes them (e.g. the browser's back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => {
    setTrigger(null);
    setVerifyOpen(false);
  }, [pathname]);

  // The dialogs' code comes when one first opens, and stays (so they animate closed).
  const [loaded, setLoaded] = useState(false);
  if (!loaded && (trigger !== null || verifyOpen)) setLoaded(true);

  const api = useMemo(() => ({ openAuth, openVerifySchool }), [openAuth, openVerifySchool]);
  return (
    <AuthModalsContext.Provider value={api}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <AuthModal trigger={trigger} onClose={closeAuth} />
          <VerifySchoolModal open={verifyOpen} onClose={closeVerify} />
        </Suspense>
      )}
    </AuthModalsContext.Provider>
  );
}
