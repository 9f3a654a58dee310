import { SAVED_TEXTS, SCROLL } from '@campus/contract';
import { Bookmark } from 'lucide-react';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { FIRST_SCREEN_CARDS } from '@/components/post-card/eager-photos.ts';
import { PostCard } from '@/components/post-card/post-card.tsx';
import { PostListSkeleton } from '@/components/post-card/post-card-skeleton.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { useSavedQuery } from '../api/get-saved.ts';

/** /saved: the viewer's saved posts of this campus, 10 a page, more at the very bottom (1 px). */
export function SavedList() {
  const query = useSavedQuery();
  return (
    <InfiniteList
      query={query}
      label="Saved posts"
      thresholdPx={SCROLL.savedThresholdPx}
      skeleton={<PostListSkeleton />}
      moreSkeleton={<PostListSkeleton count={2} />}
      empty={
        <EmptyState
          icon={<Bookmark aria-hidden="true" size={28} />}
          title={SAVED_TEXTS.emptyTitle}
          body={SAVED_TEXTS.emptyBody}
        />
      }
    >
      {(posts) => posts.map((post, index) => <PostCard key={post.id} post={post} eager={index < FIRST_SCREEN_CARDS} />)}
    </InfiniteList>
  );
}
