import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { makePhoto } from '../../test/fixtures/images.ts';
import { processImage } from '../lib/images.ts';
import { isValidKey } from '../lib/storage-keys.ts';
import { LocalDiskStorage } from './storage.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-storage-'));
// A web build, so that an unknown /media address could fall through to the SPA page if the
// media routes let it.
const webDist = await mkdtemp(path.join(os.tmpdir(), 'campus-web-'));
await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Campus Buy / Sell</title>');
const { app } = await createTestApp({ DATA_DIR: dataDir, WEB_DIST: webDist });
const uploads = path.join(dataDir, 'uploads');

// Something outside the uploads folder that traversal attempts aim at.
await mkdir(path.join(dataDir, 'postgres'), { recursive: true });
await writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '17\n');
await writeFile(path.join(dataDir, 'secret.webp'), 'not yours');

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;

/** A GET whose path goes on the wire byte for byte (Node's client does not normalise it). */
function rawGet(pathname: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('app.storage (local disk)', () => {
  it('stores a file from disk (putFile) with its type checked, leaving the source alone', async () => {
    const source = path.join(await mkdtemp(path.join(os.tmpdir(), 'campus-putfile-')), 'clip.mp4');
    const bytes = Buffer.from('\0\0\0\x18ftypisom fake video bytes', 'latin1');
    await writeFile(source, bytes);
    await app.storage.putFile('images/posts/pf1/0-abc.mp4', source, 'video/mp4');
    expect(await readFile(path.join(uploads, 'images/posts/pf1/0-abc.mp4'))).toEqual(bytes);
    expect(await readFile(source)).toEqual(bytes);
    await expect(app.storage.putFile('images/posts/pf1/0-abc.mp4', source, 'image/webp')).rejects.toThrow();
    await expect(app.storage.putFile('images/posts/pf1/x.html', source, 'text/html')).rejects.toThrow();
    expect((await readdir(path.join(uploads, 'images/posts/pf1'))).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('puts a file under DATA_DIR/uploads and serves it at its URL', async () => {
    const body = Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake', 'latin1');
    const key = 'images/posts/0190a1b2-c3d4/abc123-full.webp';
    await app.storage.put(key, body, 'image/webp');

    expect(await readFile(path.join(uploads, 'images/posts/0190a1b2-c3d4/abc123-full.webp'))).toEqual(body);
    expect(app.storage.url(key)).toBe('/media/images/posts/0190a1b2-c3d4/abc123-full.webp');

    const res = await get(app.storage.url(key));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-length']).toBe(String(body.length));
  });

  it('serves processed images end to end', async () => {
    const { variants, hash } = await processImage(await makePhoto(1000, 750), { preset: 'post' });
    const key = `images/posts/post-1/${hash}-feed.webp`;
    await app.storage.put(key, variants.feed.data, variants.feed.mime);
    const res = await get(app.storage.url(key));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(variants.feed.data);
  });

  it('sends the content type of the key, whatever the bytes look like', async () => {
    // HTML bytes stored as .jpg (e.g. by a bug upstream) still go out as image/jpeg + nosniff,
    // which a browser will not run.
    await app.storage.put('images/posts/m1/x.jpg', Buffer.from('<html><script>alert(1)</script>'), 'image/jpeg');
    const res = await get('/media/images/posts/m1/x.jpg');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves videos with range requests (Safari needs them to play)', async () => {
    const video = Buffer.from('\0\0\0\x18ftypqt  \0\0\0\0qt  0123456789', 'latin1');
    await app.storage.put('images/posts/p2/clip.mov', video, 'video/quicktime');
    const res = await get('/media/images/posts/p2/clip.mov', { range: 'bytes=4-7' });
    expect(res.statusCode).toBe(206);
    expect(res.payload).toBe('ftyp');
    expect(res.headers['content-type']).toBe('video/quicktime');
    expect(res.headers['content-range']).toBe(`bytes 4-7/${video.length}`);
  });

  it('answers HEAD', async () => {
    await app.storage.put('images/profilePics/user-1-aa.webp', Buffer.from('avatar'), 'image/webp');
    const res = await app.inject({ method: 'HEAD', url: '/media/images/profilePics/user-1-aa.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('replaces a file atomically and leaves no temporary files', async () => {
    const key = 'images/profilePics/user-2.webp';
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.storage.put(key, Buffer.alloc(50_000, i), 'image/webp')),
    );
    const stored = await readFile(path.join(uploads, key));
    // Exactly one writer's bytes, never a mix.
    expect(stored.length).toBe(50_000);
    expect(new Set(stored).size).toBe(1);
    expect(await readdir(path.join(uploads, 'images/profilePics'))).not.toContainEqual(expect.stringMatching(/^\./));
  });

  it('deletes one file, and a missing one quietly', async () => {
    const key = 'images/posts/p3/a.webp';
    await app.storage.put(key, Buffer.from('a'), 'image/webp');
    await app.storage.delete(key);
    expect(existsSync(path.join(uploads, key))).toBe(false);
    expect((await get('/media/images/posts/p3/a.webp')).statusCode).toBe(404);
    await expect(app.storage.delete(key)).resolves.toBeUndefined();
  });

  it("deletePrefix removes a post's folder and nothing else", async () => {
    await app.storage.put('images/posts/p12/a-full.webp', Buffer.from('a'), 'image/webp');
    await app.storage.put('images/posts/p12/a-feed.webp', Buffer.from('b'), 'image/webp');
    await app.storage.put('images/posts/p123/a-full.webp', Buffer.from('c'), 'image/webp');

    await app.storage.deletePrefix('images/posts/p12/');
    expect(existsSync(path.join(uploads, 'images/posts/p12'))).toBe(false);
    expect((await get('/media/images/posts/p12/a-full.webp')).statusCode).toBe(404);
    expect((await get('/media/images/posts/p123/a-full.webp')).statusCode).toBe(200);
    // Deleting an already-deleted post's folder is fine.
    await expect(app.storage.deletePrefix('images/posts/p12/')).resolves.toBeUndefined();
  });

  it('refuses prefixes that are not folders', async () => {
    // On S3 'images/posts/p1' would also match p12, p123…: folder semantics everywhere.
    await expect(app.storage.deletePrefix('images/posts/p1')).rejects.toThrow(/invalid prefix/);
    for (const prefix of ['/', '', '../', 'images/../', '/etc/']) {
      await expect(app.storage.deletePrefix(prefix)).rejects.toThrow(/invalid prefix/);
    }
  });

  it.each([
    '../outside.webp',
    'images/../../outside.webp',
    '/etc/passwd.webp',
    'images\\posts\\a.webp',
    'images//a.webp',
    'images/./a.webp',
    'images/.hidden.webp',
    'images/a b.webp',
    'images/ü.webp',
    'images/a.webp/',
    '',
  ])('refuses the key %j', async (key) => {
    await expect(app.storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid key/);
    await expect(app.storage.delete(key)).rejects.toThrow(/invalid key/);
    expect(() => app.storage.url(key)).toThrow(/invalid key/);
  });

  it('stores only media types, with the content type of their extension', async () => {
    await expect(app.storage.put('images/a.html', Buffer.from('x'), 'text/html')).rejects.toThrow(/media extension/);
    await expect(app.storage.put('images/a.svg', Buffer.from('x'), 'image/svg+xml')).rejects.toThrow(/media extension/);
    await expect(app.storage.put('images/noext', Buffer.from('x'), 'image/webp')).rejects.toThrow(/media extension/);
    await expect(app.storage.put('images/a.webp', Buffer.from('x'), 'image/png')).rejects.toThrow(/image\/webp/);
  });
});

describe('GET /media/*', () => {
  it('answers a JSON 404 for unknown keys (never the web app page)', async () => {
    for (const url of ['/media/images/posts/none/x.webp', '/media/', '/media/images/posts/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  // app.inject (like browsers) resolves `..` and `%2e%2e` before routing, so these also go out
  // over a real socket below, exactly as written — the way curl --path-as-is or a raw client
  // sends them.
  const traversals = [
    '/media/../postgres/PG_VERSION',
    '/media/../secret.webp',
    '/media/images/../../secret.webp',
    '/media/%2e%2e/secret.webp',
    '/media/%2E%2E/postgres/PG_VERSION',
    '/media/images/%2e%2e/%2e%2e/secret.webp',
    '/media/.%2e/secret.webp',
    '/media/..%2fsecret.webp',
    '/media/%2e%2e%2fsecret.webp',
    '/media/..%5csecret.webp',
    '/media/..\\secret.webp',
    '/media/%252e%252e/secret.webp',
    '/media//etc/passwd',
    '/media/%2fetc%2fpasswd',
    '/media/images/%00.webp',
  ];
  /** A NUL byte anywhere in a request is refused (400) before routing (hostile input, docs/security.md#hostile-input). */
  const refusedStatus = (url: string) => (url.includes('%00') ? 400 : 404);

  it.each(traversals)('never leaves the uploads folder (inject): %s', async (url) => {
    const res = await get(url);
    expect(res.payload).not.toContain('17');
    expect(res.payload).not.toContain('not yours');
    expect([200, refusedStatus(url)]).toContain(res.statusCode);
    // Either a JSON 404 (400 for a NUL byte) or, where the path resolved outside /media, the web app's page.
    if (res.statusCode === 200) expect(res.payload).toContain('<title>Campus Buy / Sell</title>');
  });

  it.each(traversals)('never leaves the uploads folder (raw HTTP): %s', async (url) => {
    const res = await rawGet(url);
    expect(res.statusCode).toBe(refusedStatus(url));
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: refusedStatus(url) });
    expect(res.body).not.toContain('17');
    expect(res.body).not.toContain('not yours');
  });

  it('does not serve temporary or other non-media files that sit in the folder', async () => {
    await mkdir(path.join(uploads, 'images/posts/p9'), { recursive: true });
    await writeFile(path.join(uploads, 'images/posts/p9/.a.webp.123.tmp'), 'partial');
    await writeFile(path.join(uploads, 'images/posts/p9/page.html'), '<script>alert(1)</script>');
    for (const url of ['/media/images/posts/p9/.a.webp.123.tmp', '/media/images/posts/p9/page.html']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('keeps other routes working', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    const page = await get('/some/page');
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('LocalDiskStorage', () => {
  it('creates folders as needed and keeps keys inside its root', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'campus-uploads-'));
    const storage = new LocalDiskStorage(path.join(root, 'not-yet'));
    await storage.put('a/b/c/d.png', Buffer.from('png'), 'image/png');
    expect(await readFile(path.join(root, 'not-yet/a/b/c/d.png'), 'utf8')).toBe('png');
    expect(storage.pathOf('a/b.webp')).toBe(path.join(root, 'not-yet', 'a', 'b.webp'));
  });

  it('accepts the spec’s storage paths', () => {
    for (const key of [
      'images/posts/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/9f86d081884c7d65-full.webp',
      'images/messages/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/9f86d081884c7d65-feed.webp',
      'images/profilePics/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp',
      'images/posts/p/IMG_0001.MOV',
    ]) {
      expect(isValidKey(key), key).toBe(true);
    }
  });
});
