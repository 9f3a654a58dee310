import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.ts';
import { copyFolderToBucket, S3Storage, s3ClientFor } from '../apps/server/src/plugins/storage-s3.ts';

/**
 * The one-off move of uploads from disk to a bucket (docs/decisions/043-object-storage-metrics-and-health.md):
 *   STORAGE=s3 S3_BUCKET=… [S3_ENDPOINT=… S3_FORCE_PATH_STYLE=on S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…] \
 *     npm run storage:copy-to-s3 [-- --from /path/to/uploads]
 * Copies every media file under DATA_DIR/uploads (or --from) to the same key in the bucket, then
 * says how many were copied and which files were skipped (temporary or non-media files). Safe to
 * run again; nothing on disk is changed or removed. Start the app with STORAGE=s3 afterwards.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (config.storage.kind !== 's3') {
  console.error('error: set STORAGE=s3 and the S3_* settings of the bucket to copy into (see README)');
  process.exit(1);
}
const fromAt = process.argv.indexOf('--from');
const root = path.resolve(fromAt > 0 ? (process.argv[fromAt + 1] ?? '') : path.join(config.dataDir, 'uploads'));
if (!existsSync(root)) {
  console.error(`error: no uploads folder at ${root}`);
  process.exit(1);
}
const client = s3ClientFor(config.storage);
const storage = new S3Storage(client, config.storage.bucket, '/media/');
try {
  await storage.check();
  let shown = 0;
  const { copied, skipped } = await copyFolderToBucket(root, storage, () => {
    shown += 1;
    if (shown % 100 === 0) console.log(`${shown} copied…`);
  });
  console.log(`copied ${copied} files from ${root} to s3://${config.storage.bucket}`);
  if (skipped.length > 0)
    console.log(`skipped ${skipped.length} files that are not media keys:\n  ${skipped.join('\n  ')}`);
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  client.destroy();
}
