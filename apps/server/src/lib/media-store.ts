import type { Readable } from 'node:stream';
import { isValidKey } from './storage-keys.ts';

/**
 * Where uploaded media live (plugins/storage.ts picks the driver: DATA_DIR/uploads on disk, or a
 * bucket with STORAGE=s3). Keys are paths like `images/posts/{postId}/{hash}-full.webp`
 * (docs/product/community.md#file-storage-paths). Media are served as immutable, so callers must
 * never reuse a key for other bytes: put a content hash or a fresh id in every name.
 */
export interface StorageDriver {
  /** Stores `body` under `key`, replacing nothing a reader could see half-written. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `source` (e.g. a processed upload on disk) under `key`, without reading it whole. */
  putFile(key: string, source: string, contentType: string): Promise<void>;
  /** Removes one object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under a folder-like prefix ending in `/`, e.g. `images/posts/{postId}/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The address a browser loads the object from. */
  url(key: string): string;
}

/** One stored object as the /media route sends it (a driver that is not a folder on disk). */
export interface MediaObject {
  /** 200, 206 (a range), 304 (the caller's ETag matches) or 416 (a range outside the object). */
  status: 200 | 206 | 304 | 416;
  body?: Readable;
  contentLength?: number;
  contentRange?: string;
  etag?: string;
  lastModified?: Date;
}

/** A driver the /media route streams objects from. */
export interface MediaReader {
  open(
    key: string,
    options?: { range?: string; ifNoneMatch?: string; head?: boolean },
  ): Promise<MediaObject | undefined>;
}

/**
 * The only types the store holds, by key extension. Every key must end in one of these and
 * be stored with this exact content type, so nothing else can ever be served from /media.
 */
const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
};

/** The content type a key is served with, or undefined when its extension is not a media type. */
export function contentTypeOfKey(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return undefined;
  return MEDIA_CONTENT_TYPES[key.slice(dot + 1).toLowerCase()];
}

/** Keys come from our own code, so a bad one is a bug (500), never a user's mistake. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
}

export function assertValidPrefix(prefix: string): void {
  // Folder semantics on every driver: on S3 `images/posts/12` would also match post 123.
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1))) {
    throw new Error(`storage: invalid prefix ${JSON.stringify(prefix)} (expected a folder ending in "/")`);
  }
}

/** A key must end in a media extension and be stored with exactly its content type. */
export function assertMediaType(key: string, contentType: string): void {
  const expected = contentTypeOfKey(key);
  if (!expected) throw new Error(`storage: ${key} does not end in a media extension`);
  if (contentType !== expected) throw new Error(`storage: ${key} must be stored as ${expected}, not ${contentType}`);
}

/** Where the bucket is and how to sign in to it (STORAGE=s3, the S3_* settings). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, R2, a local server); unset: AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket.host/key` (virtual-hosted) unless true: `host/bucket/key` (most self-hosted services). */
  forcePathStyle?: boolean;
}

/** Which driver holds uploads (STORAGE and the S3_* settings). */
export type StorageChoice = { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
