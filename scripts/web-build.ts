import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** What the web build is made from: an edit to any of these makes the build stale. */
export const WEB_BUILD_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

/** What the server needs of a build (plugins/web.ts): the page and the server renderer. */
export const WEB_BUILD_OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist/.ssr/entry-server.js'];

export interface BuildDecision {
  build: boolean;
  /** Printed by `npm start`. */
  reason: string;
}

/**
 * The newest modification time under `target` (a file or a folder, walked), or 0 if missing.
 * Folders count too (a deleted file changes its folder's time); on a tie the file is named.
 */
export async function newestMtime(target: string): Promise<{ mtimeMs: number; file: string | undefined }> {
  const stat = await fs.stat(target).catch(() => undefined);
  if (!stat) return { mtimeMs: 0, file: undefined };
  if (!stat.isDirectory()) return { mtimeMs: stat.mtimeMs, file: target };
  let newest = { mtimeMs: stat.mtimeMs, file: target as string | undefined };
  for (const entry of await fs.readdir(target)) {
    const found = await newestMtime(path.join(target, entry));
    if (found.mtimeMs >= newest.mtimeMs) newest = found;
  }
  return newest;
}

/**
 * Whether `npm start` must build the web app: yes when an output is missing or any source was
 * modified after the oldest output was written (a build writes the page first, the server
 * renderer last, so an interrupted one counts as missing or stale).
 */
export async function decideWebBuild(root: string): Promise<BuildDecision> {
  const outputs = WEB_BUILD_OUTPUTS.map((p) => path.join(root, p));
  const missing = outputs.find((p) => !existsSync(p));
  if (missing) return { build: true, reason: `no build yet (${path.relative(root, missing)} is missing)` };
  const builtAt = Math.min(...(await Promise.all(outputs.map(async (p) => (await fs.stat(p)).mtimeMs))));
  let newest: { mtimeMs: number; file: string | undefined } = { mtimeMs: 0, file: undefined };
  for (const source of WEB_BUILD_SOURCES) {
    const found = await newestMtime(path.join(root, source));
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  if (newest.file && newest.mtimeMs > builtAt) {
    return { build: true, reason: `${path.relative(root, newest.file)} changed after the last build` };
  }
  return { build: false, reason: 'the build in apps/web/dist is newer than its sources' };
}
