import { LIKED_BY_TEXTS, type PostAuthor } from '@campus/contract';
import { Bookmark } from 'lucide-react';
import { Link } from 'react-router';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useLikedByQuery } from '../api/get-liked-by.ts';
import styles from './liked-by-list.module.css';
import { PostNotFound } from './post-not-found.tsx';

function PersonRow({ person }: { person: PostAuthor }) {
  return (
    <Link className={styles.person} to={paths.profile.getHref(person.username)}>
      <Avatar src={person.img} size={44} />
      <span className={styles.text}>
        <span className={styles.name}>
          {person.firstName} {person.lastName}
        </span>
        <span className={styles.username}>@{person.username}</span>
      </span>
    </Link>
  );
}

function PeopleSkeleton({ count }: { count: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders never reorder
        <div key={i} className={styles.skeletonRow}>
          <Skeleton circle width={44} height={44} />
          <span className={styles.skeletonText}>
            <Skeleton width="40%" height={14} />
            <Skeleton width="25%" height={12} />
          </span>
        </div>
      ))}
    </div>
  );
}

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
