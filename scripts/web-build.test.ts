import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideWebBuild } from './web-build.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'campus-web-build-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Writes `file` under the fake checkout, it and its new folders with this modification time (s). */
async function put(file: string, seconds: number): Promise<void> {
  const full = path.join(root, file);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, file);
  for (let p = full; p !== root; p = path.dirname(p)) await utimes(p, seconds, seconds);
}

async function checkout(sourcesAt: number): Promise<void> {
  await put('apps/web/src/app/App.tsx', sourcesAt);
  await put('apps/web/index.html', sourcesAt);
  await put('apps/web/public/favicon.svg', sourcesAt);
  await put('apps/web/vite.config.ts', sourcesAt);
  await put('packages/contract/src/posts.ts', sourcesAt);
  await put('package-lock.json', sourcesAt);
}

async function built(at: { page: number; renderer: number }): Promise<void> {
  await put('apps/web/dist/index.html', at.page);
  await put('apps/web/dist/.ssr/entry-server.js', at.renderer);
}

describe('npm start: build the web app or not', () => {
  it('builds when there is no build yet', async () => {
    await checkout(1_000);
    expect(await decideWebBuild(root)).toEqual({
      build: true,
      reason: 'no build yet (apps/web/dist/index.html is missing)',
    });
  });

  it('builds when the server renderer of the last build is missing (an interrupted build)', async () => {
    await checkout(1_000);
    await put('apps/web/dist/index.html', 2_000);
    expect(await decideWebBuild(root)).toMatchObject({ build: true });
  });

  it('skips the build when the build is newer than every source', async () => {
    await checkout(1_000);
    await built({ page: 2_000, renderer: 2_001 });
    expect(await decideWebBuild(root)).toEqual({
      build: false,
      reason: 'the build in apps/web/dist is newer than its sources',
    });
  });

  it.each([
    'apps/web/src/features/feed/FeedPage.tsx',
    'apps/web/index.html',
    'apps/web/public/favicon.svg',
    'apps/web/vite.config.ts',
    'packages/contract/src/posts.ts',
    'package-lock.json',
  ])('builds when %s changed after the last build', async (file) => {
    await checkout(1_000);
    await built({ page: 2_000, renderer: 2_001 });
    await put(file, 3_000);
    expect(await decideWebBuild(root)).toEqual({ build: true, reason: `${file} changed after the last build` });
  });

  it('counts a deleted source: its folder changed', async () => {
    await checkout(1_000);
    await built({ page: 2_000, renderer: 2_001 });
    await rm(path.join(root, 'apps/web/public/favicon.svg'));
    expect(await decideWebBuild(root)).toEqual({ build: true, reason: 'apps/web/public changed after the last build' });
  });

  it('compares with the oldest output: a source edited during the build is rebuilt next time', async () => {
    await checkout(1_000);
    await built({ page: 2_000, renderer: 2_010 });
    await put('apps/web/src/app/App.tsx', 2_005);
    expect(await decideWebBuild(root)).toMatchObject({ build: true });
  });
});
