import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Message, Post } from '@campus/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { TestBrowser } from '../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../test/chats.ts';
import { createPostAs, member, testPhoto } from '../../test/posts.ts';
import { startLocalS3 } from '../../test/s3.ts';
import { PRIVATE_CACHING } from './storage.ts';
import { copyFolderToBucket, S3Storage, s3ClientFor } from './storage-s3.ts';

// Every call below goes through the real AWS SDK, over HTTP, to a local S3-compatible server.
const s3 = await startLocalS3();
afterAll(() => s3.close());
const { app, db, config } = await createTestApp(s3.env);
const client = new S3Client({
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
afterAll(() => client.destroy());

async function objectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  } catch {
    return undefined;
  }
}
async function keysUnder(prefix: string): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key as string).sort();
}
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host: 'ou.localhost:3000', ...headers } });

describe('the S3 driver (STORAGE=s3)', () => {
  it('is the app’s storage, and keeps nothing on disk', async () => {
    expect(app.storage).toBeInstanceOf(S3Storage);
    expect(await readdir(config.dataDir)).not.toContain('uploads');
  });

  it('puts an object with its content type and serves it through /media', async () => {
    const body = Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake', 'latin1');
    const key = 'images/posts/s3-a/abc123-full.webp';
    await app.storage.put(key, body, 'image/webp');
    expect(await objectBytes(key)).toEqual(body);
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe('image/webp');

    expect(app.storage.url(key)).toBe('/media/images/posts/s3-a/abc123-full.webp');
    const res = await get(app.storage.url(key));
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');

    // The browser's copy is current: 304 without a body.
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get(app.storage.url(key), { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head2 = await app.inject({
      method: 'HEAD',
      url: app.storage.url(key),
      headers: { host: 'ou.localhost:3000' },
    });
    expect(head2.statusCode).toBe(200);
    expect(head2.headers['content-length']).toBe(String(body.length));
  });

  it('streams a file from disk (putFile) and serves ranges of it (Safari plays videos by ranges)', async () => {
    const source = path.join(await mkdtemp(path.join(os.tmpdir(), 'campus-s3-putfile-')), 'clip.mov');
    const video = Buffer.from('\0\0\0\x18ftypqt  \0\0\0\0qt  0123456789', 'latin1');
    await writeFile(source, video);
    await app.storage.putFile('images/posts/s3-v/clip.mov', source, 'video/quicktime');
    expect(await objectBytes('images/posts/s3-v/clip.mov')).toEqual(video);
    const res = await get('/media/images/posts/s3-v/clip.mov', { range: 'bytes=4-7' });
    expect(res.statusCode).toBe(206);
    expect(res.payload).toBe('ftyp');
    expect(res.headers['content-range']).toBe(`bytes 4-7/${video.length}`);
    expect(res.headers['content-type']).toBe('video/quicktime');
    // A malformed range is ignored: the whole object.
    expect((await get('/media/images/posts/s3-v/clip.mov', { range: 'bytes=a-b' })).statusCode).toBe(200);
  });

  it('refuses bad keys and wrong types before any request to the bucket', async () => {
    await expect(app.storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/invalid key/);
    await expect(app.storage.put('images/a.html', Buffer.from('x'), 'text/html')).rejects.toThrow(/media extension/);
    await expect(app.storage.put('images/a.webp', Buffer.from('x'), 'image/png')).rejects.toThrow(/image\/webp/);
    await expect(app.storage.deletePrefix('images/posts/p1')).rejects.toThrow(/invalid prefix/);
  });

  it('deletes one object (a missing one quietly) and a folder without touching its neighbours', async () => {
    await app.storage.put('images/posts/s3p12/a-full.webp', Buffer.from('a'), 'image/webp');
    await app.storage.put('images/posts/s3p12/a-feed.webp', Buffer.from('b'), 'image/webp');
    await app.storage.put('images/posts/s3p123/a-full.webp', Buffer.from('c'), 'image/webp');
    await app.storage.delete('images/posts/s3p12/a-feed.webp');
    await expect(app.storage.delete('images/posts/s3p12/a-feed.webp')).resolves.toBeUndefined();
    expect(await keysUnder('images/posts/s3p12/')).toEqual(['images/posts/s3p12/a-full.webp']);
    await app.storage.deletePrefix('images/posts/s3p12/');
    expect(await keysUnder('images/posts/s3p12/')).toEqual([]);
    expect(await keysUnder('images/posts/s3p123/')).toEqual(['images/posts/s3p123/a-full.webp']);
    expect((await get('/media/images/posts/s3p12/a-full.webp')).statusCode).toBe(404);
  });

  it('answers the JSON 404 for unknown and malformed keys', async () => {
    for (const url of ['/media/images/posts/none/x.webp', '/media/images/posts/x.html', '/media/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('uploads land in the bucket', () => {
  it('post photos and profile pictures', async () => {
    const { browser } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'Lamp in the bucket' }, [
      { name: 'lamp.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    expect(created.statusCode).toBe(201);
    const post = created.json() as Post;
    const media = post.media[0] as { url: string };
    expect(await keysUnder(`images/posts/${post.id}/`)).not.toEqual([]);
    const served = await get(media.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const boundary = '----campus-s3-avatar';
    const photo = await testPhoto('#aa3366', 400, 400);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const avatar = await browser.send('POST', '/api/me/photo', payload, `multipart/form-data; boundary=${boundary}`);
    expect(avatar.statusCode).toBe(200);
    const img = (avatar.json() as { img: string | null }).img as string;
    expect(img).toMatch(/^\/media\/images\/profilePics\//);
    expect(await objectBytes(img.slice('/media/'.length))).toBeDefined();
    expect((await get(img)).statusCode).toBe(200);
  });

  it('chat photos: served to the chat’s two people only; a third member and a signed-out visitor get the 404 of a missing file', async () => {
    const alice = await member(app, db, 'ou', 'Alice Able');
    const bruno = await member(app, db, 'ou', 'Bruno Baker');
    const third = await member(app, db, 'ou', 'Cora Third');
    const chat = await openChatWith(alice.browser, bruno.user.id);
    const sent = await sendMessageAs(alice.browser, chat.id, {}, [
      { name: 'photo.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    expect(sent.statusCode).toBe(201);
    const { photo } = sent.json() as Message;
    if (!photo) throw new Error('no photo');
    const missing = await get('/media/images/messages/nobody/0000-feed.webp');
    const visitor = new TestBrowser(app);
    for (const url of [photo.url, photo.fullUrl]) {
      // The bytes are in the bucket, under the message's key.
      expect(await objectBytes(url.slice('/media/'.length))).toBeDefined();
      for (const outsider of [third.browser, visitor]) {
        const res = await outsider.get(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(missing.json());
        expect(res.rawPayload.includes(Buffer.from('WEBP'))).toBe(false);
        const head = await app.inject({
          method: 'HEAD',
          url,
          headers: { host: outsider.host, cookie: outsider.cookieHeader() },
        });
        expect(head.statusCode).toBe(404);
      }
      for (const participant of [alice.browser, bruno.browser]) {
        const res = await participant.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe(PRIVATE_CACHING);
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      }
    }
  });
});

describe('npm run storage:copy-to-s3 (copyFolderToBucket)', () => {
  it('copies every media file of an uploads folder to the same key, skipping temporary and other files', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'campus-copy-'));
    await mkdir(path.join(root, 'images/posts/old-1'), { recursive: true });
    await mkdir(path.join(root, 'images/profilePics'), { recursive: true });
    await writeFile(path.join(root, 'images/posts/old-1/aa-full.webp'), 'full');
    await writeFile(path.join(root, 'images/posts/old-1/clip.mp4'), 'video');
    await writeFile(path.join(root, 'images/profilePics/u1-large.webp'), 'face');
    await writeFile(path.join(root, 'images/posts/old-1/.aa-full.webp.123.tmp'), 'partial');
    await writeFile(path.join(root, 'images/posts/old-1/notes.html'), '<p>');
    const settings = {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    };
    const target = new S3Storage(s3ClientFor(settings), s3.bucket, '/media/');
    const result = await copyFolderToBucket(root, target);
    expect(result.copied).toBe(3);
    expect(result.skipped.sort()).toEqual([
      'images/posts/old-1/.aa-full.webp.123.tmp',
      'images/posts/old-1/notes.html',
    ]);
    expect(await objectBytes('images/posts/old-1/aa-full.webp')).toEqual(Buffer.from('full'));
    expect(await objectBytes('images/profilePics/u1-large.webp')).toEqual(Buffer.from('face'));
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'images/posts/old-1/clip.mp4' }));
    expect(head.ContentType).toBe('video/mp4');
    expect(await objectBytes('images/posts/old-1/notes.html')).toBeUndefined();
    // Served by the app like any upload.
    expect((await get('/media/images/posts/old-1/aa-full.webp')).payload).toBe('full');
    // Running it again changes nothing.
    expect((await copyFolderToBucket(root, target)).copied).toBe(3);
  });
});
