/** The geo module's face: the geographic gate's route. */
export { geoRoutes } from './geo.routes.ts';
