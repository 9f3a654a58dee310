/**
 * The media module's face: uploads streamed to disk and typed by their bytes, processed into
 * stored variants, and the storage keys of every kind of media.
 */
export { discardRestOfBody } from './drain.ts';
export { avatarSmallKey, isOwnAvatarKey, mediaKeys } from './keys.ts';
export {
  AVATAR_FILE_RULES,
  MAX_AVATAR_BYTES,
  MESSAGE_FILE_RULES,
  POST_FILE_RULES,
  type StoredMessagePhoto,
  type StoredPostMedia,
  storeAvatar,
  storeMessagePhoto,
  storePostFile,
} from './media.service.ts';
export { type JsonUpload, readJsonUpload, readMultipart } from './multipart.ts';
export type { ReceivedFile } from './receive.ts';
export { stageFiles } from './stage.ts';
export { createTempFolder } from './temp-files.ts';
