/**
 * The moderation module's face (docs/product/moderation.md, docs/decisions/039-campus-moderators.md):
 * reporting (posts, comments, messages, reviews, members), the campus moderators' queue, their
 * actions and the audit log; and, outside production, the e2e tests' way to end a suspension.
 */

export { moderationRoutes } from './moderation.routes.ts';
export { moderationDevRoutes } from './moderation-dev.routes.ts';
export { grantDemoModerators } from './moderators.service.ts';
