import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertMediaType,
  assertValidKey,
  assertValidPrefix,
  contentTypeOfKey,
  type MediaObject,
  type MediaReader,
  type S3Settings,
  type StorageDriver,
} from '../lib/media-store.ts';
import { isValidKey } from '../lib/storage-keys.ts';

/** Deletes of one folder in flight at once. */
const DELETE_CONCURRENCY = 8;

/** An S3 client for these settings; credentials from the settings or the SDK's usual chain. */
export function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: S3-compatible services that do not know the
    // newer streaming checksums (aws-chunked bodies) then store exactly the bytes sent.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The status the service answered with, when the SDK threw a service error. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof S3ServiceException) return error.$metadata.httpStatusCode;
  const meta = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata;
  return meta?.httpStatusCode;
}

/**
 * Every upload in one bucket (docs/decisions/043-object-storage-metrics-and-health.md): the same keys as on
 * disk, nothing public. Browsers load objects through the app (`/media/{key}`, streamed from the
 * bucket by `open`), so the private rule of chat photos is checked exactly as with the disk
 * driver and the bucket needs no public access and no CORS.
 */
export class S3Storage implements StorageDriver, MediaReader {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
    private readonly publicPrefix: string,
  ) {}

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    assertMediaType(key, contentType);
    // A PUT replaces the object at once: readers see the old bytes or the new, never a mix.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    assertValidKey(key);
    assertMediaType(key, contentType);
    const { size } = await stat(source);
    // Streamed from disk with its length known (uploads are at most 200 MB: one PUT).
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(source),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers a delete of a missing key with success.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    // One DeleteObject per key, a few at a time: a folder is one post's or message's variants
    // (tens of objects), and not every S3-compatible service has the multi-object delete.
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
      for (let at = 0; at < keys.length; at += DELETE_CONCURRENCY) {
        await Promise.all(
          keys
            .slice(at, at + DELETE_CONCURRENCY)
            .map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))),
        );
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicPrefix}${key}`;
  }

  /**
   * One object for the /media route: its bytes (a range of them when asked), or `notModified`
   * when the caller's ETag still matches, or undefined when there is no such object.
   */
  async open(
    key: string,
    options: { range?: string; ifNoneMatch?: string; head?: boolean } = {},
  ): Promise<MediaObject | undefined> {
    assertValidKey(key);
    try {
      if (options.head) {
        const head = await this.client.send(
          new HeadObjectCommand({ Bucket: this.bucket, Key: key, IfNoneMatch: options.ifNoneMatch }),
        );
        return {
          status: 200,
          contentLength: head.ContentLength,
          etag: head.ETag,
          lastModified: head.LastModified,
        };
      }
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: options.range, IfNoneMatch: options.ifNoneMatch }),
      );
      return {
        status: object.ContentRange ? 206 : 200,
        body: object.Body as Readable | undefined,
        contentLength: object.ContentLength,
        contentRange: object.ContentRange,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return { status: 304 };
      if (status === 416) return { status: 416 };
      if (status === 404 || status === 403) return undefined;
      throw error;
    }
  }

  /** Whether the bucket answers (start-up check). */
  async check(): Promise<void> {
    await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: 1 }));
  }
}

/**
 * The one-off move to a bucket (`npm run storage:copy-to-s3`): every file under `root`
 * (DATA_DIR/uploads) whose path is a valid media key goes to the same key; temporary files
 * (dot names) and anything else are skipped and counted. Safe to run again: keys are never
 * reused for other bytes, so an object already there is copied over with the same bytes.
 */
export async function copyFolderToBucket(
  root: string,
  storage: StorageDriver,
  onFile?: (key: string) => void,
): Promise<{ copied: number; skipped: string[] }> {
  let copied = 0;
  const skipped: string[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    const contentType = contentTypeOfKey(key);
    if (!isValidKey(key) || !contentType) {
      skipped.push(key);
      continue;
    }
    await storage.putFile(key, file, contentType);
    copied += 1;
    onFile?.(key);
  }
  return { copied, skipped };
}
