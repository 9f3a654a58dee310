import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { POST_MESSAGES, type Post, UPLOAD_MESSAGES } from '@campus/contract';
import { count } from 'drizzle-orm';
import { createFile } from 'mp4box';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { HEIC_FIXTURE } from '../../../test/fixtures/files.ts';
import { cookieHeader, listen, rawRequest } from '../../../test/fixtures/raw-http.ts';
import { buildAvi, buildMp4, fakeMp4WithHtml, GPS_TEXT } from '../../../test/fixtures/videos.ts';
import { createPostAs, member, testPhoto } from '../../../test/posts.ts';
import { postMedia, posts } from '../../db/schema/index.ts';

// Temporary upload folders go under os.tmpdir(), which follows TMPDIR: this file watches its own.
process.env.TMPDIR = await mkdtemp(path.join(os.tmpdir(), 'campus-uploads-test-'));
const tempRoot = path.join(process.env.TMPDIR, 'campus-uploads');

const { app, db, config } = await createTestApp();
const uploads = path.join(config.dataDir, 'uploads');
let port = 0;
beforeAll(async () => {
  port = await listen(app);
});
afterAll(() => {
  delete process.env.TMPDIR;
});

const MB = 1024 * 1024;
const postRows = async () => (await db.select({ n: count() }).from(posts))[0]?.n ?? 0;
const mediaRows = async () => (await db.select({ n: count() }).from(postMedia))[0]?.n ?? 0;
const storedFiles = async () =>
  (await readdir(path.join(uploads, 'images', 'posts'), { recursive: true }).catch(() => [])).length;
const tempLeft = async () => readdir(tempRoot).catch(() => [] as string[]);

/** Nothing of a refused request may remain: no post, no media row, no stored or temporary file. */
async function snapshot() {
  return { posts: await postRows(), media: await mediaRows(), files: await storedFiles() };
}

const BOUNDARY = '----campus-upload-test';
function filePart(name: string, type: string, head: Buffer, field = 'files') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    head,
  ]);
}
const postField = (value: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="post"\r\n\r\n${value}\r\n`);
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function mp4Boxes(bytes: Buffer) {
  const file = createFile();
  let tracks = -1;
  file.onReady = (info) => {
    tracks = info.videoTracks.length;
  };
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer & {
    fileStart: number;
  };
  ab.fileStart = 0;
  file.appendBuffer(ab as never);
  file.flush();
  return { videoTracks: tracks };
}

describe('malformed multipart requests', () => {
  const good = postField(JSON.stringify({ plainText: 'hello' }));
  const cases: { name: string; contentType: string; body: Buffer }[] = [
    { name: 'no boundary', contentType: 'multipart/form-data', body: Buffer.concat([good, closing]) },
    {
      name: 'wrong boundary',
      contentType: 'multipart/form-data; boundary=something-else',
      body: Buffer.concat([good, closing]),
    },
    {
      name: 'truncated body (no closing boundary)',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.concat([good, filePart('a.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))]),
    },
    {
      name: 'truncated inside the headers of a part',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
    },
    {
      name: 'a post field of 2 MB',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.concat([postField(JSON.stringify({ plainText: 'x', text: 'y'.repeat(2 * MB) })), closing]),
    },
    {
      name: 'a post field that is not JSON',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.concat([postField('{"plainText": "unterminated'), closing]),
    },
    {
      name: 'a file under another field name',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.concat([good, filePart('a.jpg', 'image/jpeg', Buffer.alloc(100, 0xff), 'avatar'), closing]),
    },
    {
      name: 'a JSON body instead of a form',
      contentType: 'application/json',
      body: Buffer.from(JSON.stringify({ plainText: 'hello' })),
    },
    {
      name: 'a boundary with no parts',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.from(`--${BOUNDARY}--\r\n`),
    },
    {
      name: 'garbage bytes',
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      body: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 13, 10, 13, 10]),
    },
  ];

  it.each(cases)('$name → 4xx, nothing stored, no temporary file left', async ({ contentType, body }) => {
    const { browser } = await member(app, db);
    const before = await snapshot();
    const res = await browser.send('POST', '/api/posts', body, contentType);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('code');
    expect(await snapshot()).toEqual(before);
    expect(await tempLeft()).toEqual([]);
  });
});

describe('streaming uploads to temporary files', () => {
  it('stores a photo and leaves no temporary file behind', async () => {
    const { browser } = await member(app, db);
    const res = await createPostAs(browser, { plainText: 'Lamp' }, [
      { name: 'lamp.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    expect(res.statusCode).toBe(201);
    expect((res.json() as Post).media[0]).toMatchObject({ kind: 'image', width: 1200, height: 900 });
    expect(await tempLeft()).toEqual([]);
  });

  it('refuses a 5 MB non-image named x.jpg with its message at once, keeps the connection usable, stores nothing', async () => {
    const { browser } = await member(app, db);
    const before = await snapshot();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = {
      host: browser.host,
      origin: `http://${browser.host}`,
      cookie: cookieHeader(browser),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    };
    const refused = await rawRequest(port, { path: '/api/posts', headers, agent }, [
      postField(JSON.stringify({ plainText: 'not a photo' })),
      filePart('x.jpg', 'image/jpeg', Buffer.from('MZ this is not a picture at all')),
      { filler: 5 * MB },
      closing,
    ]);
    console.info(`refused 5 MB non-image: ${refused.ms.toFixed(0)} ms`);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'ONLY_PHOTOS_AND_VIDEOS',
      message: POST_MESSAGES.onlyPhotosAndVideos,
    });

    // The next post on the same keep-alive connection goes through (it used to wait ~67 s).
    const photo = await testPhoto('#225588', 320, 240);
    const next = await rawRequest(port, { path: '/api/posts', headers, agent }, [
      postField(JSON.stringify({ plainText: 'a real photo' })),
      filePart('ok.jpg', 'image/jpeg', photo),
      closing,
    ]);
    expect(next.statusCode).toBe(201);
    agent.destroy();
    const after = await snapshot();
    expect(after.posts).toBe(before.posts + 1);
    expect(await tempLeft()).toEqual([]);
  });

  it('refuses a 201 MB video naming the 200 MB limit (413), streaming it through flat memory, stores nothing', async () => {
    const { browser } = await member(app, db);
    const before = await snapshot();
    const head = buildMp4({ mdatBytes: 0 }).subarray(0, 64);
    const total = 201 * MB;
    // Peak memory while it streams: a server that read the file whole would grow by > 200 MB.
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 5);
    const res = await rawRequest(
      port,
      {
        path: '/api/posts',
        headers: {
          host: browser.host,
          origin: `http://${browser.host}`,
          cookie: cookieHeader(browser),
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
      },
      [
        postField(JSON.stringify({ plainText: 'big video' })),
        filePart('big.mp4', 'video/mp4', head),
        { filler: total - 64 },
        closing,
      ],
    );
    clearInterval(sampler);
    const growth = (rssPeak - rssBefore) / MB;
    console.info(`201 MB video: answered in ${res.ms.toFixed(0)} ms; peak RSS growth ${growth.toFixed(0)} MB`);
    expect(growth).toBeLessThan(120);
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FILE_TOO_LARGE', message: UPLOAD_MESSAGES.videoTooLarge });
    expect(UPLOAD_MESSAGES.videoTooLarge).toContain('200 MB');
    expect(await snapshot()).toEqual(before);
    expect(await tempLeft()).toEqual([]);
  });

  it('refuses a 26 MB photo naming the 25 MB limit', async () => {
    const { browser } = await member(app, db);
    const before = await snapshot();
    const bytes = Buffer.concat([await testPhoto('#123456', 64, 64), Buffer.alloc(26 * MB)]);
    const res = await createPostAs(browser, { plainText: 'huge' }, [{ name: 'huge.jpg', type: 'image/jpeg', bytes }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: UPLOAD_MESSAGES.photoTooLarge });
    expect(await snapshot()).toEqual(before);
    expect(await tempLeft()).toEqual([]);
  });

  it('removes the temporary files when the client goes away mid-upload', async () => {
    const { browser } = await member(app, db);
    const before = await snapshot();
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/api/posts',
        method: 'POST',
        headers: {
          host: browser.host,
          origin: `http://${browser.host}`,
          cookie: cookieHeader(browser),
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': 50 * MB,
        },
      });
      req.on('error', () => resolve());
      req.write(postField(JSON.stringify({ plainText: 'going away' })));
      req.write(filePart('v.mp4', 'video/mp4', buildMp4({ mdatBytes: 0 }).subarray(0, 64)));
      req.write(Buffer.alloc(2 * MB), () => {
        req.destroy();
        resolve();
      });
    });
    await expect.poll(tempLeft, { timeout: 5000 }).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('videos', () => {
  it('stores an MP4 without its GPS atom, Apple location key or creation dates', async () => {
    const { browser } = await member(app, db);
    const mp4 = buildMp4();
    expect(mp4.includes(Buffer.from(GPS_TEXT))).toBe(true);
    expect(mp4.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(true);
    const res = await createPostAs(browser, { plainText: 'clip' }, [
      { name: 'clip.mp4', type: 'video/mp4', bytes: mp4 },
    ]);
    expect(res.statusCode).toBe(201);
    const media = (res.json() as Post).media[0];
    expect(media).toMatchObject({ kind: 'video' });
    const stored = await readFile(path.join(uploads, (media?.url ?? '').replace(/^\/media\//, '')));
    expect(stored.length).toBe(mp4.length);
    expect(stored.includes(Buffer.from(GPS_TEXT))).toBe(false);
    expect(stored.includes(Buffer.from('\u00a9xyz', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('com.apple.quicktime.location'))).toBe(false);
    // Still a movie with its video track, and the sample data untouched.
    expect(mp4Boxes(stored).videoTracks).toBe(1);
    expect(stored.subarray(-64)).toEqual(mp4.subarray(-64));
    // mvhd creation time (right after its version/flags) is zeroed.
    const mvhd = stored.indexOf(Buffer.from('mvhd'));
    expect(stored.readUInt32BE(mvhd + 8)).toBe(0);
    expect(await tempLeft()).toEqual([]);
  });

  it('stores a QuickTime .mov the same way', async () => {
    const { browser } = await member(app, db);
    const mov = buildMp4({ brand: 'qt  ' });
    const res = await createPostAs(browser, { plainText: 'mov' }, [
      { name: 'IMG_0001.MOV', type: 'video/quicktime', bytes: mov },
    ]);
    expect(res.statusCode).toBe(201);
    const url = (res.json() as Post).media[0]?.url ?? '';
    expect(url).toMatch(/\.mov$/);
    const stored = await readFile(path.join(uploads, url.replace(/^\/media\//, '')));
    expect(stored.includes(Buffer.from(GPS_TEXT))).toBe(false);
  });

  it('stores an AVI without its INFO list', async () => {
    const { browser } = await member(app, db);
    const avi = buildAvi();
    const res = await createPostAs(browser, { plainText: 'avi' }, [
      { name: 'a.avi', type: 'video/x-msvideo', bytes: avi },
    ]);
    expect(res.statusCode).toBe(201);
    const url = (res.json() as Post).media[0]?.url ?? '';
    const stored = await readFile(path.join(uploads, url.replace(/^\/media\//, '')));
    expect(stored.includes(Buffer.from('Phone 1.0'))).toBe(false);
    expect(stored.includes(Buffer.from('INFO'))).toBe(false);
    expect(stored.includes(Buffer.from('movi'))).toBe(true);
  });

  const broken: [string, Buffer][] = [
    ['an ftyp header followed by HTML', fakeMp4WithHtml()],
    ['an MP4 with no moov', Buffer.concat([buildMp4().subarray(0, 32), Buffer.from('\0\0\0\x10mdat0123456789')])],
    [
      'an MP4 whose sample table points past the end',
      (() => {
        const mp4 = buildMp4();
        const stco = mp4.indexOf(Buffer.from('stco'));
        mp4.writeUInt32BE(0x7fff0000, stco + 12);
        return mp4;
      })(),
    ],
    ['an MP4 cut short', buildMp4().subarray(0, 200)],
    ['an AVI with no frames', buildAvi().subarray(0, 120)],
  ];
  it.each(broken)('refuses %s and stores nothing', async (_name, bytes) => {
    const { browser } = await member(app, db);
    const before = await snapshot();
    const res = await createPostAs(browser, { plainText: 'video?' }, [{ name: 'v.mp4', type: 'video/mp4', bytes }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ONLY_PHOTOS_AND_VIDEOS', message: POST_MESSAGES.onlyPhotosAndVideos });
    expect(await snapshot()).toEqual(before);
    expect(await tempLeft()).toEqual([]);
  });
});

describe('iPhone photos', () => {
  it('accepts a HEIC photo and stores WebP variants without EXIF/GPS', async () => {
    const { browser } = await member(app, db);
    const heic = await readFile(HEIC_FIXTURE);
    const res = await createPostAs(browser, { plainText: 'from my iPhone' }, [
      { name: 'IMG_0002.HEIC', type: 'image/heic', bytes: heic },
    ]);
    expect(res.statusCode).toBe(201);
    const media = (res.json() as Post).media[0];
    expect(media).toMatchObject({ kind: 'image', width: 64, height: 48 });
    const served = await app.inject({ method: 'GET', url: media?.fullUrl ?? '' });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('iPhone'))).toBe(false);
  });
});
