/** The health module's face: the health, liveness and readiness routes. */
export { healthRoutes } from './health.routes.ts';
