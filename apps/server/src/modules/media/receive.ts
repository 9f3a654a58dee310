import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { AppError } from '../../lib/errors.ts';
import { type DetectedFileType, detectFileType } from '../../lib/file-type.ts';

/** Bytes looked at to decide the type (more than every signature in lib/file-type.ts needs). */
const HEAD_BYTES = 64;

export interface ReceivedFile {
  /** Where the bytes are on disk (inside the request's temporary folder). */
  path: string;
  size: number;
  /** 16 hex characters of SHA-256 over the bytes as received (for immutable storage keys). */
  hash: string;
  type: DetectedFileType;
  originalName: string;
}

export interface ReceiveRules {
  /** The error for a file whose first bytes are not an accepted type. */
  refuseType: (type: DetectedFileType | null) => AppError | null;
  /** Largest size for a file of this type, and the error that says so. */
  limit: (type: DetectedFileType) => { bytes: number; error: () => AppError };
}

/**
 * Streams one uploaded file to `target` without ever holding it whole in memory. The type is
 * decided from its first bytes and the size limit is checked as bytes arrive, so a wrong or
 * oversized file is refused at once; on any failure the partial file is removed.
 */
export async function receiveFile(
  source: Readable & { truncated?: boolean },
  target: string,
  originalName: string,
  rules: ReceiveRules,
): Promise<ReceivedFile> {
  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 });
  // Destroying the stream while a write is in flight (the client went away, or the file was
  // refused) makes it emit 'error' later; without a listener that would crash the process.
  // Errors that matter surface through the drain wait and `finished()` below.
  out.on('error', () => {});
  const hash = createHash('sha256');
  let size = 0;
  let type: DetectedFileType | null = null;
  let limit = 0;
  let limitError: (() => AppError) | undefined;
  let head: Buffer[] = [];
  let headSize = 0;

  const decide = () => {
    const first = Buffer.concat(head);
    type = detectFileType(first);
    const refusal = rules.refuseType(type);
    if (refusal || !type) throw refusal;
    const rule = rules.limit(type);
    limit = rule.bytes;
    limitError = rule.error;
    head = [];
    return first;
  };
  const write = async (chunk: Buffer) => {
    hash.update(chunk);
    if (out.errored) throw out.errored; // e.g. the disk is full: 'drain' would never come
    if (!out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          out.off('error', onError);
          resolve();
        };
        const onError = (error: Error) => {
          out.off('drain', onDrain);
          reject(error);
        };
        out.once('drain', onDrain);
        out.once('error', onError);
      });
    }
  };

  try {
    for await (const data of source) {
      const chunk = data as Buffer;
      size += chunk.length;
      if (!type) {
        head.push(chunk);
        headSize += chunk.length;
        if (headSize < HEAD_BYTES) continue;
        await write(decide());
      } else {
        await write(chunk);
      }
      if (size > limit) throw limitError?.();
    }
    if (!type) await write(decide());
    if (size > limit || source.truncated) throw limitError?.();
    out.end();
    await finished(out);
    return {
      path: target,
      size,
      hash: hash.digest('hex').slice(0, 16),
      type: type as unknown as DetectedFileType,
      originalName,
    };
  } catch (error) {
    out.destroy();
    await rm(target, { force: true });
    throw error;
  }
}
