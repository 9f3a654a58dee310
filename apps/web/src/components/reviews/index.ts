/** Reviews after a sale (docs/product/reviews.md): what post pages and profiles draw of them. */
export { profileReviewsQueryOptions } from './api.ts';
export { RateDeal } from './rate-deal.tsx';
export { ProfileReviewsList, RatingSummary } from './review-list.tsx';
