import { isValidKey } from '../../lib/storage-keys.ts';

/**
 * Every storage key the app writes, in one place (docs/product/community.md#file-storage-paths). Keys hold a
 * content hash or a fresh id, because media are served as immutable: a key is never reused for
 * other bytes. The database stores keys; URLs come from the storage driver.
 */
const POST_IMAGE_VARIANTS = ['full', 'feed'] as const;
const AVATAR_VARIANTS = ['large', 'small'] as const;
export type PostImageVariant = (typeof POST_IMAGE_VARIANTS)[number];
export type AvatarVariant = (typeof AVATAR_VARIANTS)[number];

export const mediaKeys = {
  /** Everything of one post; removed as a whole when the post goes. */
  postFolder: (postId: string) => `images/posts/${postId}/`,
  postImage: (postId: string, order: number, hash: string, variant: PostImageVariant) =>
    `images/posts/${postId}/${order}-${hash}-${variant}.webp`,
  postVideo: (postId: string, order: number, hash: string, ext: string) =>
    `images/posts/${postId}/${order}-${hash}.${ext}`,
  /** Every chat photo: served only to the two people in its chat (chats/uploads.ts). */
  messagePhotos: 'images/messages/',
  /** A chat message's photo (docs/product/community.md#file-storage-paths); removed with its chat. */
  messageFolder: (messageId: string) => `images/messages/${messageId}/`,
  messageImage: (messageId: string, hash: string, variant: PostImageVariant) =>
    `images/messages/${messageId}/${hash}-${variant}.webp`,
  /** A user's own folder: the only place their picture may point to, or be deleted from. */
  avatarFolder: (userId: string) => `images/profilePics/${userId}/`,
  avatar: (userId: string, hash: string, variant: AvatarVariant) =>
    `images/profilePics/${userId}/${hash}-${variant}.webp`,
};

/**
 * The small variant of a stored picture key. Pictures stored before the upload hardening (docs/decisions/012-video-and-heic.md) were
 * `images/profilePics/{userId}-{hash}.webp` with a `-96.webp` sibling; both shapes are read.
 */
export function avatarSmallKey(largeKey: string): string {
  if (largeKey.endsWith('-large.webp')) return `${largeKey.slice(0, -'-large.webp'.length)}-small.webp`;
  return largeKey.replace(/\.webp$/, '-96.webp');
}

/** Whether `key` is a picture key of `userId` (either shape), so it may be shown or deleted for them. */
export function isOwnAvatarKey(userId: string, key: string): boolean {
  if (!isValidKey(key) || !key.endsWith('.webp')) return false;
  const rest = key.startsWith(mediaKeys.avatarFolder(userId))
    ? key.slice(mediaKeys.avatarFolder(userId).length)
    : key.startsWith(`images/profilePics/${userId}-`)
      ? key.slice(`images/profilePics/${userId}-`.length)
      : null;
  return rest !== null && rest.length > 0 && !rest.includes('/');
}
