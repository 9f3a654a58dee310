/**
 * The saved-searches module's face (docs/product/notifications.md#saved-searches, decision 040):
 * its routes, and the jobs' passes: matching new posts (and telling held matches after their
 * hour), and the daily digest.
 */
export { mailSavedSearchDigests } from './digest.ts';
export { savedSearchesRoutes } from './saved-searches.routes.ts';
export { matchNewPosts, releaseHeldMatches } from './saved-searches.service.ts';
export { savedSearchesDevRoutes } from './saved-searches-dev.routes.ts';
