/**
 * The chats module's face: its routes, the private chat photos the storage plugin guards, and
 * what deals and meet-ups need of chats (docs/product/selling.md, docs/product/safety.md):
 * opening the chat with a seller as Send Message does, an offer or meet-up card in it, who wrote
 * to a seller, and the participant check.
 */

export { otherOf } from './chats.repo.ts';
export { chatsRoutes } from './chats.routes.ts';
export {
  buyerCandidates,
  requireChat,
  requireProfile,
} from './chats.service.ts';
export { openChat } from './commands/open-chat.ts';
export { postMeetupMessage, postOfferMessage } from './commands/post-card-message.ts';
export { messagePhotos } from './uploads.ts';
