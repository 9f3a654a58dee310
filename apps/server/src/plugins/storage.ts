import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type ApiError, HTTP_ERROR_MESSAGES } from '@campus/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/errors.ts';
import { isValidKey } from '../lib/storage-keys.ts';

/**
 * Where uploaded media live. Keys are paths like `images/posts/{postId}/{hash}-full.webp`
 * (docs/product/community.md#file-storage-paths). Media are served as immutable, so callers must never
 * reuse a key for other bytes: put a content hash or a fresh id in every name.
 *
 * Only the local-disk driver exists today. An S3-compatible driver (docs/architecture.md#what-runs-where, production)
 * implements the same calls — PutObject (from a buffer or a file stream) with ContentType and the cache headers below,
 * DeleteObject, ListObjectsV2 + DeleteObjects for a prefix, and a bucket/CDN URL — and needs no
 * `/media` route.
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

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageDriver;
  }
}

export const MEDIA_ROUTE_PREFIX = '/media/';

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
function contentTypeOfKey(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return undefined;
  return MEDIA_CONTENT_TYPES[key.slice(dot + 1).toLowerCase()];
}

/** Keys come from our own code, so a bad one is a bug (500), never a user's mistake. */
function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`storage: invalid key ${JSON.stringify(key)}`);
}

function assertValidPrefix(prefix: string): void {
  // Folder semantics on every driver: on S3 `images/posts/12` would also match post 123.
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1))) {
    throw new Error(`storage: invalid prefix ${JSON.stringify(prefix)} (expected a folder ending in "/")`);
  }
}

/** Files under `root` (DATA_DIR/uploads), one per key, written atomically. */
export class LocalDiskStorage implements StorageDriver {
  constructor(
    readonly root: string,
    private readonly publicPrefix: string = MEDIA_ROUTE_PREFIX,
  ) {}

  /** Absolute path of a key; the key is checked first, and the result must stay inside root. */
  pathOf(key: string): string {
    assertValidKey(key);
    const file = path.join(this.root, ...key.split('/'));
    const relative = path.relative(this.root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`storage: key escapes root: ${key}`);
    return file;
  }

  private checkType(key: string, contentType: string): void {
    const expected = contentTypeOfKey(key);
    if (!expected) throw new Error(`storage: ${key} does not end in a media extension`);
    if (contentType !== expected) throw new Error(`storage: ${key} must be stored as ${expected}, not ${contentType}`);
  }

  /** Writes through a dot-named temporary file that is renamed into place once synced. */
  private async writeAtomically(file: string, write: (temp: string) => Promise<void>): Promise<void> {
    const dir = path.dirname(file);
    await mkdir(dir, { recursive: true });
    // A dot name can never be a key, so a reader never sees (or requests) the partial file.
    const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await write(temp);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    this.checkType(key, contentType);
    await this.writeAtomically(file, async (temp) => {
      const handle = await open(temp, 'wx');
      try {
        await handle.writeFile(body);
        // The database will point at this file once put() returns: make it survive a crash.
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    this.checkType(key, contentType);
    await this.writeAtomically(file, async (temp) => {
      // The temporary upload folder may be on another file system, so copy rather than rename.
      await copyFile(source, temp);
      const handle = await open(temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await rm(this.pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicPrefix}${key}`;
  }
}

const notFound: ApiError = { statusCode: 404, code: 'NOT_FOUND', message: HTTP_ERROR_MESSAGES.notFound };

/**
 * A folder of keys only some people may load (chat photos): everyone else gets the same 404 as
 * for a missing file, and browsers keep them in their own cache only. An S3 driver would keep
 * such keys out of the public bucket/CDN and hand out short-lived signed URLs instead.
 */
export interface PrivateMedia {
  /** A folder of keys, ending in `/`, e.g. `images/messages/`. */
  prefix: string;
  /** Whether the caller of `request` may load `key` (a well-formed media key under the prefix). */
  mayView(request: FastifyRequest, key: string): Promise<boolean>;
}

const PUBLIC_CACHING = 'public, max-age=31536000, immutable';
/**
 * Private keys are immutable too, but kept a day at most and by the browser only: no shared
 * cache (proxy, CDN) may store them, so `Vary: Cookie` is not needed.
 */
export const PRIVATE_CACHING = 'private, max-age=86400, immutable';

/**
 * GET/HEAD /media/{key}: files from the uploads folder. Immutable caching (keys are never
 * reused), the content type from the key's extension (the store holds only media types),
 * `nosniff` and `inline`. Anything that is not a well-formed media key, or not stored, is a
 * JSON 404 — the web app's fallback page is never served here. A private key (`privateMedia`)
 * is served only to the callers its rule allows, with private caching; to anyone else it is
 * the same 404.
 */
async function mediaRoutes(app: FastifyInstance, opts: { root: string; privateMedia: readonly PrivateMedia[] }) {
  const privateRule = (key: string) => opts.privateMedia.find((rule) => key.startsWith(rule.prefix));
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));

  app.addHook('onRequest', async (request) => {
    // find-my-way has already percent-decoded the wildcard: `%2e%2e` arrives as `..`.
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidKey(key) || !contentTypeOfKey(key)) throw errors.notFound();
    const rule = privateRule(key);
    if (rule && !(await rule.mayView(request, key))) throw errors.notFound();
  });

  await app.register(fastifyStatic, {
    root: opts.root,
    prefix: '/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply, filePath) {
      const key = path.relative(opts.root, filePath).split(path.sep).join('/');
      const isPrivate = privateRule(key) !== undefined;
      reply.header('content-type', contentTypeOfKey(filePath) ?? 'application/octet-stream');
      reply.header('cache-control', isPrivate ? PRIVATE_CACHING : PUBLIC_CACHING);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-disposition', 'inline');
      // Public photos: other campus hosts, webmail showing our emails and link previews may
      // load them (helmet's default would be same-origin). Private ones: only the app's own pages.
      reply.header('cross-origin-resource-policy', isPrivate ? 'same-origin' : 'cross-origin');
    },
  });
}

/** Decorates the app with `app.storage` and serves local uploads at /media/*. */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { dataDir: string; privateMedia?: readonly PrivateMedia[] }) => {
    const root = path.join(opts.dataDir, 'uploads');
    await mkdir(root, { recursive: true });
    const storage = new LocalDiskStorage(root);
    app.decorate('storage', storage);
    await app.register(mediaRoutes, {
      root,
      privateMedia: opts.privateMedia ?? [],
      prefix: MEDIA_ROUTE_PREFIX.slice(0, -1),
    });
  },
  { name: 'storage' },
);
