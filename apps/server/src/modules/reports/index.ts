/** The reports module's face: reporting a member. */
export { reportsRoutes } from './reports.routes.ts';
