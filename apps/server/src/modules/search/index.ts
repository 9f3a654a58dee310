/**
 * The search module's face: its routes, the purge job's cleanup of old popular-search views, and
 * the search page's matching of a text for saved searches (decision 040).
 */
export { searchRoutes } from './search.routes.ts';
export { purgePopularSearchViews, searchGroupsFor } from './search.service.ts';
