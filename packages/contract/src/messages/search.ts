/**
 * Search and Find Your School (docs/product/search.md). Part of the message catalogue
 * (../messages.ts).
 */

/** Search box, search page and recent searches (docs/product/search.md#search-box, docs/product/search.md#recent-searches, docs/product/community.md#alerts; docs/product/search.md#search-page, docs/product/search.md#search-failures). */
export const SEARCH_MESSAGES = {
  placeholder: (campusShortName: string) => `Search ${campusShortName} Buy / Sell`,
  popularSearches: 'Popular searches',
  myRecent: 'My Recent',
  clearAll: 'Clear all',
  clear: 'Clear',
  emptyHint: 'Try searching for keywords',
  clearRecentConfirm: 'Clear all recent searches?',
  queryAlreadyAdded: 'That query has already been added.',
  recentRemoved: 'Recent Search Removed',
  historyCleared: 'Search History Cleared',
  startTyping: 'Start typing to search…',
  noResults: (query: string) => `No results for "${query}"`,
  /** Under 'No results for …'; without the full stop of the profile page's variant. */
  tryElse: 'Try searching for something else',
  clickToLoadMore: 'Click To Load More..',
  endOfList: "You've reached the end.",
} as const;

/** Find Your School (docs/product/search.md#search-box, docs/product/search.md#find-your-school, docs/product/search.md#search-failures). */
export const SCHOOL_FINDER_TEXTS = {
  title: 'Find Your School',
  searchSchools: 'Search schools',
  viewYourCampus: 'View Your Campus',
  visitAsGuest: 'Visit As Guest',
  joinCampus: 'Join Campus',
  noSchoolSelected: 'Something went wrong',
} as const;
