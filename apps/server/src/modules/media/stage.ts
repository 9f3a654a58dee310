import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { detectFileType } from '../../lib/file-type.ts';
import type { ReceivedFile } from './receive.ts';
import { createTempFolder } from './temp-files.ts';

/**
 * Files the server makes itself (the demo seed) staged on disk like an upload, so they take
 * the same path as a person's. The caller disposes them once done.
 */
export async function stageFiles(
  items: { bytes: Buffer; originalName: string }[],
): Promise<{ files: ReceivedFile[]; dispose: () => Promise<void> }> {
  const folder = await createTempFolder();
  try {
    const files: ReceivedFile[] = [];
    for (const item of items) {
      const type = detectFileType(item.bytes);
      if (!type) throw new Error(`stageFiles: ${item.originalName} is not a photo or video`);
      const path = folder.file(type.ext);
      await writeFile(path, item.bytes);
      const hash = createHash('sha256').update(item.bytes).digest('hex').slice(0, 16);
      files.push({ path, size: item.bytes.length, hash, type, originalName: item.originalName });
    }
    return { files, dispose: folder.dispose };
  } catch (error) {
    await folder.dispose();
    throw error;
  }
}
