/**
 * The chats module's face: its routes, the private chat photos the storage plugin guards, and
 * what deals need of chats (docs/product/selling.md): opening the chat with a seller as Send
 * Message does, an offer card in it, who wrote to a seller, and the participant check.
 */
export { chatsRoutes } from './chats.routes.ts';
export {
  buyerCandidates,
  requireChat,
  requireProfile,
} from './chats.service.ts';
export { openChat } from './commands/open-chat.ts';
export { postOfferMessage } from './commands/post-offer-message.ts';
export { messagePhotos } from './uploads.ts';
