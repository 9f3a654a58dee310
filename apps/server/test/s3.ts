import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface LocalS3 {
  /** The app's settings for this server's bucket (STORAGE=s3 and the S3_* names). */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, from npm) on a free port with one empty bucket, its
 * objects in a temporary folder. The app talks to it with the real AWS SDK over HTTP.
 */
export async function startLocalS3(bucket = 'campus-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'campus-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // s3rver signs bucket-level paths as `/bucket` while SDK v3 sends `/bucket/` (list, multi-
    // delete), so their signatures never match; the access key is still checked.
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
    },
    async close() {
      // Kept-alive SDK connections would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
