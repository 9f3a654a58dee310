/** The chats module's face: its routes, and the private chat photos the storage plugin guards. */
export { chatsRoutes } from './chats.routes.ts';
export { messagePhotos } from './uploads.ts';
