import { PROFILE_MESSAGES } from '@campus/contract';
import { Search, UserX } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { paths } from '@/config/paths.ts';

const SEARCH = 'Search';

/** A username nobody holds here (docs/product/profiles.md#missing-profile), with a Search button. */
export function ProfileNotFound() {
  return (
    <EmptyState
      icon={<UserX aria-hidden="true" size={28} />}
      title={PROFILE_MESSAGES.notFound}
      body={PROFILE_MESSAGES.trySearchingElse}
      action={
        <ButtonLink to={paths.search.getHref()} size="lg">
          <Search aria-hidden="true" size={18} />
          {SEARCH}
        </ButtonLink>
      }
    />
  );
}
