/** The campus module's face: the public campus routes (name, colours, logo, member count, sign-in options). */
export { campusRoutes } from './campus.routes.ts';
