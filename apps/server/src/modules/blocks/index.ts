/**
 * The blocks module's face (docs/decisions/015-chats-notifications-blocks.md): a block stops everything between two people, so
 * posts, chats, ads and search ask it; blocking and the blocked list are its own routes.
 */
export { blocksRoutes } from './blocks.routes.ts';
export { blockedEitherWay, isBlockedEitherWay } from './blocks.service.ts';
