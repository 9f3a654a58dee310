/** The health module's face: the liveness route. */
export { healthRoutes } from './health.routes.ts';
