import { POST_DETAIL_MESSAGES } from '@campus/contract';
import { Search, SearchX } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';

const SEARCH = 'Search';

/** A post that does not exist (any more, or on another campus): docs/product/community.md#post-page. */
export function PostNotFound() {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" size={28} />}
      title={POST_DETAIL_MESSAGES.notFound}
      action={
        <ButtonLink to={paths.search.getHref()} size="lg">
          <Search aria-hidden="true" size={18} />
          {SEARCH}
        </ButtonLink>
      }
    />
  );
}
