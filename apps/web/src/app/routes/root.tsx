import { type Location, Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthModalsProvider } from '@/components/auth-modal/index.ts';
import { AlertProvider } from '@/components/ui/alert-provider.tsx';
import { radixDropdownMenu } from '@/components/ui/lazy-menu.ts';
import { radixDialog } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { UnreadCountsProvider } from '@/features/notifications/components/unread-counts-provider.tsx';
import { useAccountHold } from '@/lib/account-hold.ts';
import { useLoadOnIntent } from '@/lib/lazy-module.ts';
import { NotFound } from './not-found.tsx';

/**
 * Every page load starts with the location key 'default', so the router would restore the
 * position saved by the previous page loaded in this tab — even when the new address carries
 * a #section (/settings/privacy#cookies). Keying such addresses by their hash too lets the
 * router jump to the section instead.
 */
function scrollKey(location: Location): string {
  return location.hash ? `${location.key}${location.hash}` : location.key;
}

/**
 * An address with a NUL byte names no page (the server answers it with this app, 404; docs/decisions/030-feed-ads-and-rough-edges.md
 * item 9): the not-found page, whichever route its spelling would match.
 */
function namesNoPage(location: Pick<Location, 'pathname' | 'search'>): boolean {
  const address = location.pathname + location.search;
  return /%00/i.test(address) || address.includes(String.fromCharCode(0));
}

/**
 * Above every page: the alert system (it needs the router for its links), the sign-in and
 * verify-school modals any page may open, the unread badges with the live events stream
 * (one per tab), and scroll restoration. The dialog and menu code the shell keeps out of its
 * entry (decision 022) is fetched on the first sign of a person using the page (lib/lazy-module.ts).
 */
export function Root() {
  useLoadOnIntent(radixDialog, radixDropdownMenu);
  const location = useLocation();
  // A suspended or banned member sees only the suspension page (docs/product/moderation.md#suspension),
  // also when the live event takes them there from whatever page was open.
  const held = useAccountHold() !== null && location.pathname !== paths.suspended.path;
  return (
    <AlertProvider>
      <AuthModalsProvider>
        <UnreadCountsProvider>
          <ScrollRestoration getKey={scrollKey} />
          {held ? (
            <Navigate replace to={paths.suspended.getHref()} />
          ) : namesNoPage(location) ? (
            <NotFound standalone />
          ) : (
            <Outlet />
          )}
        </UnreadCountsProvider>
      </AuthModalsProvider>
    </AlertProvider>
  );
}
