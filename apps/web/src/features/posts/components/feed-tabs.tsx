import { useLocation } from 'react-router';
import { LinkTabs } from '@/components/ui/link-tabs.tsx';
import { paths } from '@/config/paths.ts';

/** Feed | Media above both feeds (docs/product/community.md#route-table); each is a page of its own. */
export function FeedTabs() {
  const { pathname } = useLocation();
  return (
    <LinkTabs
      label="Feed views"
      tabs={[
        { label: 'Feed', to: paths.home.getHref(), active: pathname === paths.home.path },
        { label: 'Media', to: paths.media.getHref(), active: pathname === paths.media.path },
      ]}
    />
  );
}
