import { paths } from '@/config/paths.ts';
import { StaticPage, staticPageTitle } from '@/features/static-pages/components/static-page.tsx';
import { useHideOnScroll } from '@/lib/use-hide-on-scroll.ts';
import { TitleHeader } from '../../layout/headers/title-header.tsx';
import { useRouteHandle } from '../../layout/route-handle.ts';

/** /settings/about, /settings/terms …: the route's handle names the page. */
export function Component() {
  const { staticPage } = useRouteHandle();
  const hidden = useHideOnScroll();
  if (!staticPage) throw new Error('A static page route needs handle.staticPage');
  return (
    <article>
      {/* The page text has its own h1; the bar only adds the way back to the menu on narrow screens. */}
      <TitleHeader
        title={staticPageTitle(staticPage)}
        as="p"
        showBelow="tablet"
        hidden={hidden}
        back={{ to: paths.settings.root.getHref(), below: 'tablet' }}
      />
      <StaticPage slug={staticPage} />
    </article>
  );
}
