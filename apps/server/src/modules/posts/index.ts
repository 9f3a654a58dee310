/**
 * The posts module's face: what other modules (and the app, seeds and jobs) may use of posts.
 * Never a repository: other modules read posts through the functions of reads.ts.
 */
export type { FeedAds } from './feed-ads.ts';
export { FeedPages, type FeedViewer, feedViewerOf, keptOrLoaded, type LoadedPage } from './feed-pages.ts';
export { likedByRoutes } from './liked-by.routes.ts';
export { decodeListingCursor, type ListingPosition, nextListingCursor } from './listing-filters.ts';
export { listingTitle, markListing } from './listing-status.ts';
export { runStaleListings, type StaleListingsResult } from './listings.service.ts';
export { listingsDevRoutes } from './listings-dev.routes.ts';
export { postPolicy } from './posts.policy.ts';
export { priceDropsEndAt } from './posts.presenter.ts';
export type { AuthorRow, CardPost, PostMediaJson, PostWithAuthor } from './posts.repo.ts';
export { postsRoutes } from './posts.routes.ts';
export { countPostsBy, createPost, toggleLike } from './posts.service.ts';
export {
  getPost,
  getPostsWithMedia,
  hiddenFromViewer,
  listLikedPosts,
  listProfilePosts,
  postCards,
  presentCards,
} from './reads.ts';
export type { PostUpload } from './uploads.ts';
