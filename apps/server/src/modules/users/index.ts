/**
 * The users module's face: an account as other modules may read it, its picture's URLs and the
 * viewer's own fields. Settings > Account and its commands are reached only through the routes.
 */

export { accountRoutes } from './account.routes.ts';
export { avatarUrls, presentViewer } from './users.presenter.ts';
export { usersRoutes } from './users.routes.ts';
export {
  changeProfilePhoto,
  findUser,
  findUsersByEmail,
  markEmailVerifiedWithBio,
  type UserRow,
} from './users.service.ts';
