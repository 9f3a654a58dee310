/** The reports module's face: reporting a member, or one of their reviews. */
export { reportsRoutes } from './reports.routes.ts';
