/** The search module's face: its routes, and the purge job's cleanup of old popular-search views. */
export { searchRoutes } from './search.routes.ts';
export { purgePopularSearchViews } from './search.service.ts';
