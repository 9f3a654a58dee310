import { LIKED_BY_TEXTS } from '@campus/contract';
import { Bookmark } from 'lucide-react';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { PeopleSkeleton, PersonRow } from '@/components/person-row/person-row.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useLikedByQuery } from '../api/get-liked-by.ts';
import { PostNotFound } from './post-not-found.tsx';

/** /post/{id}/liked_by: the people who saved the post, latest first; a missing post says so. */
export function LikedByList({ postId }: { postId: string }) {
  const query = useLikedByQuery(postId);
  if (query.error instanceof ApiError && query.error.status === 404) return <PostNotFound />;
  return (
    <InfiniteList
      query={query}
      label={LIKED_BY_TEXTS.title}
      skeleton={<PeopleSkeleton count={6} />}
      moreSkeleton={<PeopleSkeleton count={2} />}
      empty={
        <EmptyState
          icon={<Bookmark aria-hidden="true" size={28} />}
          title={LIKED_BY_TEXTS.emptyTitle}
          body={LIKED_BY_TEXTS.emptyBody}
        />
      }
    >
      {(people) => people.map((person) => <PersonRow key={person.id} person={person} />)}
    </InfiniteList>
  );
}
