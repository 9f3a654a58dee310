import { FEED_MESSAGES, type Post } from '@campus/contract';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { PendingOnPhoto, SoldRibbon } from '@/components/deals/index.ts';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { FiltersBar, NoListingsMatch } from '@/components/listing-filters/listing-filters.tsx';
import { fullName } from '@/components/post-card/author-line.tsx';
import { FIRST_SCREEN_TILES } from '@/components/post-card/eager-photos.ts';
import { formatPrice } from '@/components/post-card/format-post.ts';
import mediaCardStyles from '@/components/post-media-card/post-media-card.module.css';
import { MediaThumb } from '@/components/post-media-card/post-media-card.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { listingFiltersKey, useListingFilters } from '@/lib/listing-filters.ts';
import { useMediaFeedQuery } from '../api/get-media-feed.ts';
import { FeedTabs } from './feed-tabs.tsx';
import styles from './media-feed.module.css';
import { feedShows, NewPostsPill } from './new-posts-pill.tsx';

/** What a tile is called for screen readers: whose post, its price, and the start of its text. */
function tileLabel(post: Post): string {
  const price = formatPrice(post.priceCents);
  const text = post.plainText.length > 80 ? `${post.plainText.slice(0, 80)}…` : post.plainText;
  const status = post.status === 'available' ? null : post.status === 'sold' ? 'Sold' : 'Pending';
  return [`Post by ${fullName(post.author)}`, price, status, text].filter(Boolean).join(', ');
}

function MediaTile({ post, eager }: { post: Post; eager: boolean }) {
  if (post.media.length === 0) return null;
  const price = formatPrice(post.priceCents);
  return (
    <li>
      <Link to={paths.post.getHref(post.id)} className={mediaCardStyles.image} aria-label={tileLabel(post)}>
        <MediaThumb post={post} label="" eager={eager} />
        {price && <span className={styles.price}>{price}</span>}
        <SoldRibbon status={post.status} corner="left" />
        <PendingOnPhoto status={post.status} />
      </Link>
    </li>
  );
}

const SKELETON_TILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;

function GridSkeleton({ count = 9 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {SKELETON_TILES.slice(0, count).map((key) => (
        <li key={key}>
          <Skeleton className={styles.skeletonTile} height="auto" />
        </li>
      ))}
    </ul>
  );
}

/** /media: Feed | Media and a 3-column grid of square thumbnails of the posts with photos or videos. */
export function MediaFeed() {
  const { filters, count: filtersApplied } = useListingFilters();
  const query = useMediaFeedQuery(filters);
  return (
    <>
      <FeedTabs />
      <FiltersBar />
      <NewPostsPill
        query={query}
        listKey={`media/${listingFiltersKey(filters)}`}
        shows={feedShows({ filters, mediaOnly: true })}
      />
      <InfiniteList
        query={query}
        label="Photos and videos"
        skeleton={<GridSkeleton />}
        moreSkeleton={<GridSkeleton count={3} />}
        empty={
          filtersApplied > 0 ? (
            <NoListingsMatch />
          ) : (
            <EmptyState icon={<ImageOff aria-hidden="true" size={28} />} title={FEED_MESSAGES.noMedia} />
          )
        }
      >
        {(posts) => (
          <ul className={styles.grid}>
            {posts.map((post, index) => (
              <MediaTile key={post.id} post={post} eager={index < FIRST_SCREEN_TILES} />
            ))}
          </ul>
        )}
      </InfiniteList>
    </>
  );
}
