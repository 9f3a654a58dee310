import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Uploads are streamed to files under `os.tmpdir()/campus-uploads/{random}/`, one folder per
 * request, so one `rm -r` removes everything a request left, whatever path it ended on.
 * `os.tmpdir()` is read at each call (it follows TMPDIR), which lets a test watch its own folder.
 */
function uploadTempRoot(): string {
  return path.join(os.tmpdir(), 'campus-uploads');
}

export interface TempFolder {
  readonly dir: string;
  /** A fresh path inside the folder (the file is not created). */
  file(ext?: string): string;
  /** Removes the folder and all it holds; safe to call more than once. */
  dispose(): Promise<void>;
}

export async function createTempFolder(): Promise<TempFolder> {
  const dir = path.join(uploadTempRoot(), randomBytes(12).toString('hex'));
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let counter = 0;
  let disposed: Promise<void> | undefined;
  return {
    dir,
    file: (ext = 'bin') => path.join(dir, `${counter++}.${ext}`),
    dispose: () => {
      disposed ??= rm(dir, { recursive: true, force: true });
      return disposed;
    },
  };
}
