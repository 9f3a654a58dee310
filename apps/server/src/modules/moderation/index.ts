/**
 * The moderation module's face (docs/product/moderation.md, docs/decisions/039-campus-moderators.md):
 * reporting (posts, comments, messages, reviews, members), the campus moderators' queue, their
 * actions and the audit log; whether someone moderates a campus (the viewer's `moderator` flag).
 */
export { isModerator } from './moderation.repo.ts';
export { moderationRoutes } from './moderation.routes.ts';
