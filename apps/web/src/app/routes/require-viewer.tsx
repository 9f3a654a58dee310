import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { landingPathFor, useViewer } from '@/lib/viewer.ts';

/**
 * What a group of routes requires of the viewer (spec 1 §4 'Redirects', §6):
 * - `user`: signed in; visitors go to '/'.
 * - `verified`: also a verified email; others go to /verify.
 * - `school`: also a verified school email; others go to the school-email page (not on the
 *   hub, which has no school of its own).
 */
export type ViewerRequirement = 'user' | 'verified' | 'school';

export function RequireViewer({ need }: { need: ViewerRequirement }) {
  const viewer = useViewer();
  const campus = useCampus();
  if (!viewer) return <Navigate replace to={paths.root.getHref()} />;
  if (need !== 'user' && !viewer.verified) return <Navigate replace to={paths.verify.getHref()} />;
  if (need === 'school' && !viewer.schoolVerified && !campus.isHub) {
    return <Navigate replace to={paths.settings.schoolEmail.getHref()} />;
  }
  return <Outlet />;
}

/**
 * For /user_registration, /login and /register: a signed-in user goes on (spec 1 §4) — home,
 * or first to /verify or the school-email page as landingPathFor decides. Sign-in forms only
 * refresh the viewer: this guard is what moves them on, so there is one place that decides.
 */
export function RequireVisitor() {
  const viewer = useViewer();
  const campus = useCampus();
  if (viewer) return <Navigate replace to={landingPathFor(viewer, campus)} />;
  return <Outlet />;
}

/**
 * For /verify (spec 1 §4): visitors go to /user_registration; a verified user has nothing to
 * confirm and goes on as from the sign-in pages.
 */
export function RequireUnverifiedViewer() {
  const viewer = useViewer();
  const campus = useCampus();
  if (!viewer) return <Navigate replace to={paths.userRegistration.getHref()} />;
  if (viewer.verified) return <Navigate replace to={landingPathFor(viewer, campus)} />;
  return <Outlet />;
}
