/** The campus module's face: the public campus routes (name, colours, logo, member count, sign-in options, the app manifest and icons). */
export { campusRoutes } from './campus.routes.ts';
