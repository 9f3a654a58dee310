import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type ApiError, HTTP_ERROR_MESSAGES } from '@campus/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from '../lib/errors.ts';
import {
  assertMediaType,
  assertValidKey,
  assertValidPrefix,
  contentTypeOfKey,
  type MediaReader,
  type StorageChoice,
  type StorageDriver,
} from '../lib/media-store.ts';
import { isValidKey } from '../lib/storage-keys.ts';

export type { StorageDriver } from '../lib/media-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageDriver;
  }
}

export const MEDIA_ROUTE_PREFIX = '/media/';

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
    assertMediaType(key, contentType);
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
 * for a missing file, and browsers keep them in their own cache only. With either driver the
 * bytes go out only through /media, after this check (the bucket is never public).
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

/** Where /media reads from: the uploads folder, or a driver that streams objects (S3). */
type MediaSource = { root: string } | { reader: MediaReader };

/**
 * GET/HEAD /media/{key}: stored media. Immutable caching (keys are never reused), the content
 * type from the key's extension (the store holds only media types), `nosniff` and `inline`.
 * Anything that is not a well-formed media key, or not stored, is a JSON 404 — the web app's
 * fallback page is never served here. A private key (`privateMedia`) is served only to the
 * callers its rule allows, with private caching; to anyone else it is the same 404.
 */
async function mediaRoutes(app: FastifyInstance, opts: { source: MediaSource; privateMedia: readonly PrivateMedia[] }) {
  const privateRule = (key: string) => opts.privateMedia.find((rule) => key.startsWith(rule.prefix));
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFound));

  app.addHook('onRequest', async (request) => {
    // find-my-way has already percent-decoded the wildcard: `%2e%2e` arrives as `..`.
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isValidKey(key) || !contentTypeOfKey(key)) throw errors.notFound();
    const rule = privateRule(key);
    if (rule && !(await rule.mayView(request, key))) throw errors.notFound();
  });

  const mediaHeaders = (reply: FastifyReply, key: string) => {
    const isPrivate = privateRule(key) !== undefined;
    reply.header('content-type', contentTypeOfKey(key) ?? 'application/octet-stream');
    reply.header('cache-control', isPrivate ? PRIVATE_CACHING : PUBLIC_CACHING);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-disposition', 'inline');
    // Public photos: other campus hosts, webmail showing our emails and link previews may
    // load them (helmet's default would be same-origin). Private ones: only the app's own pages.
    reply.header('cross-origin-resource-policy', isPrivate ? 'same-origin' : 'cross-origin');
  };

  const source = opts.source;
  if ('reader' in source) {
    await app.register(objectRoutes, { reader: source.reader, mediaHeaders });
    return;
  }
  await app.register(fastifyStatic, {
    root: source.root,
    prefix: '/',
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders(reply, filePath) {
      mediaHeaders(reply, path.relative(source.root, filePath).split(path.sep).join('/'));
    },
  });
}

/** Only `bytes=a-b`, `bytes=a-` and `bytes=-n` (one range): what video players ask for. */
const SINGLE_RANGE = /^bytes=(\d{1,15}-\d{0,15}|-\d{1,15})$/;
/** An entity tag as S3 sends it (quoted hex, maybe weak): anything else is not passed on. */
const ETAG = /^(W\/)?"[0-9A-Za-z-]{1,80}"$/;

/**
 * /media streamed from an object store: the object (or the one range asked for, Safari needs
 * ranges to play videos), with its ETag and a 304 when the browser's copy is current.
 */
async function objectRoutes(
  app: FastifyInstance,
  opts: { reader: MediaReader; mediaHeaders: (reply: FastifyReply, key: string) => void },
) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = (request.params as { '*': string })['*'];
    const range = request.headers.range;
    const ifNoneMatch = request.headers['if-none-match'];
    const object = await opts.reader.open(key, {
      range: typeof range === 'string' && SINGLE_RANGE.test(range) ? range : undefined,
      ifNoneMatch: typeof ifNoneMatch === 'string' && ETAG.test(ifNoneMatch) ? ifNoneMatch : undefined,
      head: request.method === 'HEAD',
    });
    if (!object) throw errors.notFound();
    opts.mediaHeaders(reply, key);
    reply.header('accept-ranges', 'bytes');
    if (object.etag) reply.header('etag', object.etag);
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    if (object.status === 304 || object.status === 416) {
      object.body?.destroy();
      return reply.code(object.status).send();
    }
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    if (object.contentRange) reply.header('content-range', object.contentRange);
    reply.code(object.status);
    // HEAD: no payload at all, so the object's content-length stands.
    return reply.send(object.body);
  };
  // HEAD declared here rather than derived from GET: Fastify's derived HEAD recomputes the length
  // from the (empty) payload, where the object's length is what a HEAD must say.
  app.get('/*', { compress: false, exposeHeadRoute: false, schema: { hide: true } }, handler);
  app.head('/*', { compress: false, schema: { hide: true } }, handler);
}

/**
 * Decorates the app with `app.storage` and serves uploads at /media/*: from DATA_DIR/uploads,
 * or streamed from a bucket (STORAGE=s3, docs/decisions/043-object-storage-metrics-and-health.md).
 */
export const storagePlugin = fp(
  async (
    app: FastifyInstance,
    opts: { dataDir: string; storage?: StorageChoice; privateMedia?: readonly PrivateMedia[] },
  ) => {
    const choice = opts.storage ?? { kind: 'disk' };
    let source: MediaSource;
    if (choice.kind === 's3') {
      // Loaded only when chosen: the SDK is large.
      const { S3Storage, s3ClientFor } = await import('./storage-s3.ts');
      const client = s3ClientFor(choice);
      const storage = new S3Storage(client, choice.bucket, MEDIA_ROUTE_PREFIX);
      app.decorate('storage', storage);
      app.addHook('onClose', async () => client.destroy());
      source = { reader: storage };
    } else {
      const root = path.join(opts.dataDir, 'uploads');
      await mkdir(root, { recursive: true });
      app.decorate('storage', new LocalDiskStorage(root));
      source = { root };
    }
    await app.register(mediaRoutes, {
      source,
      privateMedia: opts.privateMedia ?? [],
      prefix: MEDIA_ROUTE_PREFIX.slice(0, -1),
    });
  },
  { name: 'storage' },
);
