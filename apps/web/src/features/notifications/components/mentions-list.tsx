import { AtSign } from 'lucide-react';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { FIRST_SCREEN_CARDS } from '@/components/post-card/eager-photos.ts';
import { PostCard } from '@/components/post-card/post-card.tsx';
import { PostListSkeleton } from '@/components/post-card/post-card-skeleton.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { useViewer } from '@/lib/viewer.ts';
import { useMentionsQuery } from '../api/get-mentions.ts';
import { MentionSamples } from './mention-samples.tsx';

const MENTIONS_TEXTS = {
  label: 'Mentions',
  emptyTitle: 'No mentions yet',
  emptyBody: (username: string) => `Posts and comments that name you as @${username} show up here.`,
} as const;

/**
 * /notifications/mentions: the posts and comments of this campus that name the viewer, newest
 * first; with none yet, the spec's placeholder sample posts show what one looks like.
 */
export function MentionsList() {
  const query = useMentionsQuery();
  const viewer = useViewer();
  return (
    <InfiniteList
      query={query}
      label={MENTIONS_TEXTS.label}
      skeleton={<PostListSkeleton />}
      moreSkeleton={<PostListSkeleton count={2} />}
      empty={
        <>
          <EmptyState
            icon={<AtSign aria-hidden="true" size={28} />}
            title={MENTIONS_TEXTS.emptyTitle}
            body={MENTIONS_TEXTS.emptyBody(viewer?.username ?? '')}
          />
          <MentionSamples username={viewer?.username ?? ''} />
        </>
      }
    >
      {(posts) => posts.map((post, index) => <PostCard key={post.id} post={post} eager={index < FIRST_SCREEN_CARDS} />)}
    </InfiniteList>
  );
}
