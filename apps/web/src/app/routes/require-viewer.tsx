import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';

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

/** For /user_registration, /login and /register: a signed-in user goes to /home (spec 1 §4). */
export function RequireVisitor() {
  const viewer = useViewer();
  if (viewer) return <Navigate replace to={paths.home.getHref()} />;
  return <Outlet />;
}
