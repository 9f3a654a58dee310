import { SAVED_TEXTS } from '@campus/contract';
import { paths } from '@/config/paths.ts';
import { useHideOnScroll } from '@/lib/use-hide-on-scroll.ts';
import { useRouteHandle } from '../route-handle.ts';
import { HomeHeader } from './home-header.tsx';
import { PostHeader } from './post-header.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { TitleHeader } from './title-header.tsx';

/** Draws the header variant the current route declares in `handle.header`. */
export function RouteHeader() {
  const { header } = useRouteHandle();
  const hidden = useHideOnScroll();
  if (!header) return null;
  switch (header.variant) {
    case 'home':
      return <HomeHeader hidden={hidden} />;
    case 'title':
      return <TitleHeader title={header.title} back={header.back} hidden={hidden} />;
    case 'post':
      return <PostHeader hidden={hidden} />;
    case 'profile':
      return <ProfileHeader hidden={hidden} />;
    case 'saved':
      return (
        <TitleHeader title={SAVED_TEXTS.title} back={{ to: paths.home.getHref(), below: 'mobile' }} hidden={hidden} />
      );
  }
}
