import type { ProfileTab, PublicProfile } from '@campus/contract';
import { Heart, Image, MessageSquareText, Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { FIRST_SCREEN_CARDS } from '@/components/post-card/eager-photos.ts';
import { PostCard } from '@/components/post-card/post-card.tsx';
import { PostListSkeleton } from '@/components/post-card/post-card-skeleton.tsx';
import { PostMediaGrid, PostMediaGridSkeleton } from '@/components/post-media-card/post-media-card.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { useProfilePostsQuery } from '../api/get-profile-posts.ts';

const EMPTY: Record<ProfileTab, { icon: ReactNode; own: string; other: (name: string) => string; body: string }> = {
  posts: {
    icon: <Newspaper aria-hidden="true" size={28} />,
    own: 'You haven’t posted yet',
    other: (name) => `${name} hasn’t posted yet`,
    body: 'Posts show up here once they are shared on the feed.',
  },
  photos: {
    icon: <Image aria-hidden="true" size={28} />,
    own: 'No photos yet',
    other: () => 'No photos yet',
    body: 'Posts with pictures show up here.',
  },
  replies: {
    icon: <MessageSquareText aria-hidden="true" size={28} />,
    own: 'No replies yet',
    other: () => 'No replies yet',
    body: 'Comments and replies show up here.',
  },
  likes: {
    icon: <Heart aria-hidden="true" size={28} />,
    own: 'No likes yet',
    other: () => 'No likes yet',
    body: 'Posts that are liked show up here.',
  },
};

/** One tab of a profile, 10 a page, stopping below 9 (docs/product/profiles.md#profile-lists). */
export function ProfilePosts({ profile, show }: { profile: PublicProfile; show: ProfileTab }) {
  const query = useProfilePostsQuery(profile.username, show);
  const empty = EMPTY[show];
  // Photos are post-media cards in a grid (docs/product/profiles.md#profile-route); the other tabs are post cards.
  const photos = show === 'photos';
  return (
    <InfiniteList
      query={query}
      label={`${profile.firstName}’s ${show}`}
      skeleton={photos ? <PostMediaGridSkeleton /> : <PostListSkeleton />}
      moreSkeleton={photos ? <PostMediaGridSkeleton count={2} /> : <PostListSkeleton count={2} />}
      empty={
        <EmptyState
          icon={empty.icon}
          title={profile.isOwn ? empty.own : empty.other(profile.firstName)}
          body={empty.body}
        />
      }
    >
      {(posts) =>
        photos ? (
          <PostMediaGrid posts={posts} />
        ) : (
          posts.map((post, index) => <PostCard key={post.id} post={post} eager={index < FIRST_SCREEN_CARDS} />)
        )
      }
    </InfiniteList>
  );
}
