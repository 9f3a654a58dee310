import fs from 'node:fs/promises';
import S3rver from 's3rver';

/**
 * The local S3-compatible server of the cluster: s3rver (npm), in this process, storing objects
 * in a folder of the run. The instances reach it over HTTP with the real SDK (STORAGE=s3),
 * exactly as they would reach a bucket in production.
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  /** What an instance needs to use it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const BUCKET = 'campus-uploads';
// s3rver checks request signatures against this fixed key pair.
const ACCESS_KEY = 'S3RVER';

export async function startS3Server({ port, directory }: { port: number; directory: string }): Promise<S3Server> {
  await fs.mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: BUCKET,
    env: {
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'on',
    },
    close: () => server.close(),
  };
}
