/** The profiles module's face: a campus member's profile as other modules may look it up. */

export { profilesRoutes } from './profiles.routes.ts';
export { findProfileOnCampus } from './profiles.service.ts';
