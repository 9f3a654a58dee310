/**
 * The reviews module's face (docs/product/reviews.md): the review routes, the sale's notices
 * (called by the deal routes when a listing sells to a named buyer) and a review as the reports
 * module reports it.
 */
export { reviewsRoutes } from './reviews.routes.ts';
export { announceReviewsDue, reportableReview } from './reviews.service.ts';
