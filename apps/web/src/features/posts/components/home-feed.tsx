import { FEED_MESSAGES, POST_MESSAGES } from '@campus/contract';
import { Sparkles, SquarePen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { FiltersBar, NoListingsMatch } from '@/components/listing-filters/listing-filters.tsx';
import { useOpenComposer } from '@/components/post-card/composer-bridge.tsx';
import { FIRST_SCREEN_CARDS } from '@/components/post-card/eager-photos.ts';
import { PostCard } from '@/components/post-card/post-card.tsx';
import { PostListSkeleton } from '@/components/post-card/post-card-skeleton.tsx';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/list-states.tsx';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { listingFiltersKey, useListingFilters, withListingFilters } from '@/lib/listing-filters.ts';
import { ALL_CATEGORIES, categoryFrom, useFeedQuery } from '../api/get-feed.ts';
import { feedItems } from '../lib/ads.ts';
import { CategoryFilter } from './category-filter.tsx';
import { FeedTabs } from './feed-tabs.tsx';
import { feedShows, NewPostsPill } from './new-posts-pill.tsx';

const CREATE_POST = 'Create Post';

/** /home?filter=notify-posted: 'Your post was sent', once, then the flag leaves the address. */
function useNotifyPosted() {
  const [params, setParams] = useSearchParams();
  const { showAlert } = useAlert();
  const shown = useRef(false);
  const notify = params.get('filter') === 'notify-posted';
  useEffect(() => {
    if (!notify || shown.current) return;
    shown.current = true;
    showAlert(POST_MESSAGES.postSent);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('filter');
        return next;
      },
      { replace: true },
    );
  }, [notify, showAlert, setParams]);
}

/** The home feed of a member: Feed | Media, Filters, the category chips, and the posts newest first (or by price). */
export function HomeFeed() {
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  const { filters, count: filtersApplied } = useListingFilters();
  const query = useFeedQuery(category, filters);
  const { showAlert } = useAlert();
  const openComposer = useOpenComposer();
  useNotifyPosted();

  const handleCategoryChange = (value: string) => {
    // The filters stay (docs/product/selling.md#filters-and-sorting): they combine with the category.
    setParams(withListingFilters(new URLSearchParams(value === ALL_CATEGORIES ? {} : { category: value }), filters), {
      replace: true,
    });
    showAlert(POST_MESSAGES.categorySwitched);
    window.scrollTo({ top: 0 });
  };

  const empty =
    filtersApplied > 0 ? (
      <NoListingsMatch />
    ) : category === ALL_CATEGORIES ? (
      <EmptyState
        icon={<Sparkles aria-hidden="true" size={28} />}
        title={FEED_MESSAGES.beTheFirst}
        action={
          openComposer && (
            <Button {...opensComposer} onClick={() => openComposer()}>
              <SquarePen aria-hidden="true" size={18} />
              {CREATE_POST}
            </Button>
          )
        }
      />
    ) : (
      <EmptyState icon={<Sparkles aria-hidden="true" size={28} />} title={FEED_MESSAGES.nothingYet} />
    );

  return (
    <>
      <FeedTabs />
      <FiltersBar />
      <CategoryFilter value={category} onChange={handleCategoryChange} />
      <NewPostsPill
        query={query}
        listKey={`feed/${category}/${listingFiltersKey(filters)}`}
        shows={feedShows({ category, filters })}
      />
      <InfiniteList
        query={query}
        label="Feed"
        skeleton={<PostListSkeleton />}
        moreSkeleton={<PostListSkeleton count={2} />}
        empty={empty}
      >
        {(_posts, shown) =>
          // The pages carry the sponsored posts the server placed (docs/product/community.md#feed, docs/product/boosting.md#sponsored-posts-in-the-feed).
          feedItems(query.data?.pages ?? [])
            .slice(0, shown)
            .map((item, index) =>
              item.kind === 'post' ? (
                <PostCard key={item.key} post={item.post} eager={index < FIRST_SCREEN_CARDS} />
              ) : (
                <PostCard key={item.key} post={item.post} sponsored={item.cta} eager={index < FIRST_SCREEN_CARDS} />
              ),
            )
        }
      </InfiniteList>
    </>
  );
}
