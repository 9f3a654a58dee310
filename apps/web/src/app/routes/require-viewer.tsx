import type { CampusResponse } from '@campus/contract';
import { Navigate, Outlet, redirect } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { landingPathFor, useViewer, type Viewer } from '@/lib/viewer.ts';
import { loadShell, type QueryClientOf } from '../loaders.ts';

/**
 * What a group of routes requires of the viewer (docs/product/accounts.md#redirects, docs/product/community.md#permission-table):
 * - `user`: signed in; visitors go to '/'.
 * - `verified`: also a verified email; others go to /verify.
 * - `school`: also a verified school email; others go to the school-email page (not on the
 *   hub, which has no school of its own).
 */
export type ViewerRequirement = 'user' | 'verified' | 'school';

type Gate = (viewer: Viewer | null, campus: CampusResponse) => string | undefined;

/** Where a person who does not meet `need` goes; undefined when they may stay. */
export const viewerRedirect =
  (need: ViewerRequirement): Gate =>
  (viewer, campus) => {
    if (!viewer) return paths.root.getHref();
    if (need !== 'user' && !viewer.verified) return paths.verify.getHref();
    if (need === 'school' && !viewer.schoolVerified && !campus.isHub) return paths.settings.schoolEmail.getHref();
    return undefined;
  };

/**
 * For /user_registration, /login and /register: a signed-in user goes on (docs/product/accounts.md#redirects) — home,
 * or first to /verify or the school-email page as landingPathFor decides. Sign-in forms only
 * refresh the viewer: this guard is what moves them on, so there is one place that decides.
 */
export const visitorRedirect: Gate = (viewer, campus) => (viewer ? landingPathFor(viewer, campus) : undefined);

/**
 * For /verify (docs/product/accounts.md#email-verification): visitors go to /user_registration; a verified user has nothing to
 * confirm and goes on as from the sign-in pages.
 */
export const unverifiedRedirect: Gate = (viewer, campus) => {
  if (!viewer) return paths.userRegistration.getHref();
  if (viewer.verified) return landingPathFor(viewer, campus);
  return undefined;
};

/**
 * A gate as a route loader: the page load of a person it sends away is a redirect (a 302 from
 * the server's render, entry-server.tsx) before anything is drawn. The component form below
 * still moves them on when the viewer changes on a page (sign-in, sign-out).
 */
export const gateLoader = (client: QueryClientOf, gate: Gate) => async () => {
  const shell = await loadShell(client());
  const to = shell && gate(shell.viewer, shell.campus);
  if (to) throw redirect(to);
  return null;
};

function GateOutlet({ gate }: { gate: Gate }) {
  const to = gate(useViewer(), useCampus());
  return to ? <Navigate replace to={to} /> : <Outlet />;
}

export function RequireViewer({ need }: { need: ViewerRequirement }) {
  return <GateOutlet gate={viewerRedirect(need)} />;
}

export function RequireVisitor() {
  return <GateOutlet gate={visitorRedirect} />;
}

export function RequireUnverifiedViewer() {
  return <GateOutlet gate={unverifiedRedirect} />;
}
