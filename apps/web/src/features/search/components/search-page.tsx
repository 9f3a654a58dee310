import { listingFiltersToParams, type PopularSearch, type Post, SEARCH_MESSAGES } from '@campus/contract';
import { Film, SearchX, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { InfiniteList } from '@/components/infinite-list/infinite-list.tsx';
import { FiltersBar, NoListingsMatch } from '@/components/listing-filters/listing-filters.tsx';
import { PeopleSkeleton, PersonRow } from '@/components/person-row/person-row.tsx';
import { FIRST_SCREEN_CARDS, FIRST_SCREEN_TILES } from '@/components/post-card/eager-photos.ts';
import { PostCard } from '@/components/post-card/post-card.tsx';
import { PostListSkeleton } from '@/components/post-card/post-card-skeleton.tsx';
import { EmptyState, ErrorState } from '@/components/ui/list-states.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths, type SearchTab } from '@/config/paths.ts';
import { useListingFilters } from '@/lib/listing-filters.ts';
import { usePopularQuery } from '../api/get-popular.ts';
import { useSearchPeopleQuery } from '../api/search-people.ts';
import { type PostsTab, useSearchPostsQuery } from '../api/search-posts.ts';
import { SavedSearchList, SaveSearchButton } from './saved-searches.tsx';
import styles from './search.module.css';

const TABS: readonly { tab: SearchTab; label: string }[] = [
  { tab: 'latest', label: 'Latest' },
  { tab: 'media', label: 'Media' },
  { tab: 'people', label: 'People' },
];

function SearchTabs({ q, current }: { q: string; current: SearchTab }) {
  // Latest and Media keep the filters (People has none).
  const { filters } = useListingFilters();
  const kept = listingFiltersToParams(filters);
  return (
    <nav className={styles.tabs} aria-label="Search results">
      {TABS.map(({ tab, label }) => (
        <Link
          key={tab}
          replace
          to={paths.search.getHref({
            ...(q ? { q } : {}),
            ...(tab === 'latest' ? {} : { show: tab }),
            ...(tab === 'people' ? {} : kept),
          })}
          className={[styles.tab, tab === current && styles.activeTab].filter(Boolean).join(' ')}
          aria-current={tab === current ? 'page' : undefined}
        >
          <span className={styles.tabLabel}>{label}</span>
        </Link>
      ))}
    </nav>
  );
}

function NoResults({ q }: { q: string }) {
  return (
    <EmptyState
      icon={<SearchX aria-hidden="true" size={28} />}
      title={SEARCH_MESSAGES.noResults(q)}
      body={SEARCH_MESSAGES.tryElse}
    />
  );
}

/** The count beside a popular search (docs/product/search.md#search-page). */
function viewCount(search: PopularSearch): string {
  return `${search.totalViews.toLocaleString('en-US')} ${search.totalViews === 1 ? 'view' : 'views'}`;
}

/**
 * No query yet: 'Start typing to search…' (once) and the campus's popular searches with their
 * counts; the 'Popular searches' heading only above searches to show (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
function PopularSearches() {
  const popular = usePopularQuery();
  if (popular.data?.length === 0) {
    return (
      <section className={styles.section}>
        <EmptyState icon={<TrendingUp aria-hidden="true" size={28} />} title={SEARCH_MESSAGES.startTyping} />
      </section>
    );
  }
  return (
    <section className={styles.section} aria-labelledby={popular.data ? 'popular-searches' : undefined}>
      <p className={styles.hint}>{SEARCH_MESSAGES.startTyping}</p>
      {popular.isPending ? (
        <div aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className={styles.skeletonRow}>
              <Skeleton width="60%" height={16} />
            </div>
          ))}
        </div>
      ) : popular.isError ? (
        <ErrorState
          onRetry={() => void popular.refetch()}
          retrying={popular.isFetching}
          body="We couldn’t load popular searches."
        />
      ) : (
        <>
          <h2 id="popular-searches" className={styles.sectionTitle}>
            {SEARCH_MESSAGES.popularSearches}
          </h2>
          <ol className={styles.popularList}>
            {popular.data.map((search) => (
              <li key={search.text}>
                <Link className={styles.popularItem} to={paths.search.getHref({ q: search.text })}>
                  <span className={styles.popularText}>{search.text}</span>
                  <span className={styles.count}>{viewCount(search)}</span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function LatestResults({ q }: { q: string }) {
  const { filters, count } = useListingFilters();
  const query = useSearchPostsQuery(q, 'latest', filters);
  return (
    <InfiniteList
      query={query}
      label={`Posts matching ${q}`}
      skeleton={<PostListSkeleton />}
      moreSkeleton={<PostListSkeleton count={2} />}
      empty={count > 0 ? <NoListingsMatch /> : <NoResults q={q} />}
    >
      {(posts) => posts.map((post, index) => <PostCard key={post.id} post={post} eager={index < FIRST_SCREEN_CARDS} />)}
    </InfiniteList>
  );
}

function MediaTile({ post, eager }: { post: Post; eager: boolean }) {
  const first = post.media[0];
  const label = post.plainText.split('\n')[0]?.slice(0, 80) || `${post.author.firstName}’s post`;
  return (
    <Link className={styles.tile} to={paths.post.getHref(post.id)} aria-label={label}>
      {first?.kind === 'video' ? (
        <>
          <video src={first.url} muted playsInline preload="metadata" tabIndex={-1} />
          <Film className={styles.tileBadge} size={18} aria-hidden="true" />
        </>
      ) : first ? (
        <img src={first.url} alt="" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} />
      ) : null}
    </Link>
  );
}

function GridSkeleton({ count }: { count: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders never reorder
        <Skeleton key={i} height="auto" className={styles.tile} />
      ))}
    </div>
  );
}

/** Media: a 3-column grid of the first photo or video of each hit, and a 'Click To Load More..' tile. */
function MediaResults({ q }: { q: string }) {
  const { filters, count } = useListingFilters();
  const query = useSearchPostsQuery(q, 'media', filters);
  return (
    <InfiniteList
      query={query}
      label={`Media matching ${q}`}
      skeleton={<GridSkeleton count={9} />}
      moreSkeleton={null}
      empty={count > 0 ? <NoListingsMatch /> : <NoResults q={q} />}
    >
      {(posts) => (
        <div className={styles.grid}>
          {posts.map((post, index) => (
            <MediaTile key={post.id} post={post} eager={index < FIRST_SCREEN_TILES} />
          ))}
          {query.hasNextPage && (
            <button
              type="button"
              className={styles.moreTile}
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : SEARCH_MESSAGES.clickToLoadMore}
            </button>
          )}
        </div>
      )}
    </InfiniteList>
  );
}

function PeopleResults({ q }: { q: string }) {
  const query = useSearchPeopleQuery(q);
  return (
    <InfiniteList
      query={query}
      label={`People matching ${q}`}
      skeleton={<PeopleSkeleton count={6} />}
      moreSkeleton={<PeopleSkeleton count={2} />}
      empty={<NoResults q={q} />}
    >
      {(people) => people.map((person) => <PersonRow key={person.id} person={person} />)}
    </InfiniteList>
  );
}

/**
 * /search?q=&show=latest|media|people (docs/product/search.md#search-page): Latest and People as lists that load more
 * near the bottom, Media as a grid; with no query, popular searches. Each tab's hits are 10 a
 * page and stop below 2 (docs/product/search.md#search-pagination).
 */
export function SearchPage({ q, show }: { q: string; show: SearchTab }) {
  const query = q.trim();
  const tab: PostsTab | 'people' = show;
  const { filters } = useListingFilters();
  return (
    <div>
      <h1 className="visually-hidden">{query ? `Search results for ${query}` : 'Search'}</h1>
      <SearchTabs q={query} current={show} />
      {query !== '' && tab !== 'people' && (
        <FiltersBar>
          <SaveSearchButton q={query} show={tab} filters={filters} />
        </FiltersBar>
      )}
      {query === '' ? (
        <>
          <SavedSearchList compact />
          <PopularSearches />
        </>
      ) : tab === 'people' ? (
        <PeopleResults key={query} q={query} />
      ) : tab === 'media' ? (
        <MediaResults key={query} q={query} />
      ) : (
        <LatestResults key={query} q={query} />
      )}
    </div>
  );
}
