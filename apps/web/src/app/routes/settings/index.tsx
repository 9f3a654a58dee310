import { Navigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { useViewer } from '@/lib/viewer.ts';

/**
 * /settings. At 1000 px or less it is the menu page (drawn by the layout). On wider screens,
 * where the menu is always beside the content, it opens Account for a signed-in user and
 * About for a visitor (docs/product/profiles.md#settings-menu). Only the browser knows the screen's width: the server
 * draws the menu (the layout) and the browser decides once it has taken the page over.
 */
export function Component() {
  const viewer = useViewer();
  const isNarrow = useMediaQuery(MEDIA.tablet);
  if (!useHydrated() || isNarrow) return null;
  return <Navigate replace to={viewer ? paths.settings.account.getHref() : paths.settings.about.getHref()} />;
}
