/** The school-email module's face: joining a campus by proving a school email. */
export { schoolEmailRoutes } from './school-email.routes.ts';
export { admitToCampus } from './school-email.service.ts';
