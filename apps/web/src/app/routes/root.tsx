import { Outlet, ScrollRestoration } from 'react-router';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';

/** Above every page: the alert system (it needs the router for its links) and scroll restoration. */
export function Root() {
  return (
    <AlertProvider>
      <ScrollRestoration />
      <Outlet />
    </AlertProvider>
  );
}
