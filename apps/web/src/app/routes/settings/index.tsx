import { Navigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { useViewer } from '@/lib/viewer.ts';

/**
 * /settings. At 1000 px or less it is the menu page (drawn by the layout). On wider screens,
 * where the menu is always beside the content, it opens Account for a signed-in user and
 * About for a visitor (spec 2 §2).
 */
export function Component() {
  const viewer = useViewer();
  const isNarrow = useMediaQuery(MEDIA.tablet);
  if (isNarrow) return null;
  return <Navigate replace to={viewer ? paths.settings.account.getHref() : paths.settings.about.getHref()} />;
}
