import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_MESSAGES } from '@campus/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, uniqueEmail, verifiedUser } from '../../../test/auth.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-users-'));
const { app, db } = await createTestApp({ DATA_DIR: dataDir });
const uploads = path.join(dataDir, 'uploads', 'images', 'profilePics');

function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----campus-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(browser: TestBrowser, file: Buffer, filename = 'me.png', type = 'image/png') {
  const body = multipart(file, filename, type);
  return browser.send('POST', '/api/me/photo', body.payload, body.contentType);
}

const photo = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    [format]()
    .toBuffer();

describe('profile set-up', () => {
  it('takes a picture and a bio; the profile is set up once both exist', async () => {
    const { browser } = await verifiedUser(app, db);
    const res = await upload(browser, await photo('png'));
    expect(res.statusCode).toBe(200);
    const viewer = res.json();
    expect(viewer.img).toMatch(/^\/media\/images\/profilePics\/.+\.webp$/);
    expect(viewer.imgSmall).toMatch(/-96\.webp$/);
    expect(viewer.profileSetUp).toBe(false);

    const served = await app.inject({ method: 'GET', url: viewer.img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    expect(meta.exif).toBeUndefined();

    const bio = await browser.request('PUT', '/api/me/bio', { bio: 'Selling my textbooks and a very comfy chair.' });
    expect(bio.statusCode).toBe(200);
    expect(bio.json()).toMatchObject({ bio: 'Selling my textbooks and a very comfy chair.', profileSetUp: true });
  });

  it('accepts jpeg and gif, and removes the previous picture when replaced', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const first = (await upload(browser, await photo('jpeg'), 'a.jpg', 'image/jpeg')).json();
    const second = (await upload(browser, await photo('gif'), 'b.gif', 'image/gif')).json();
    expect(second.img).not.toBe(first.img);
    const files = (await readdir(uploads)).filter((f) => f.startsWith(user.id));
    expect(files.sort()).toEqual([path.basename(second.img), path.basename(second.imgSmall)].sort());
  });

  it('refuses anything but png, gif, jpeg or jpg — judged by the bytes — and stores nothing', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const attempts = [
      await upload(browser, svg, 'cute.png', 'image/png'),
      await upload(browser, Buffer.from('plain text, not a photo'), 'notes.jpg', 'image/jpeg'),
      await upload(browser, await photo('webp'), 'modern.webp', 'image/webp'),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PROFILE_MESSAGES.onlyPhotos);
    }
    const files = await readdir(uploads).catch(() => [] as string[]);
    expect(files.filter((f) => f.startsWith(user.id))).toEqual([]);
    expect((await browser.get('/api/me')).json().viewer.img).toBeNull();
  });

  it('refuses a bio over 160 characters and keeps the old one', async () => {
    const { browser } = await verifiedUser(app, db);
    await browser.request('PUT', '/api/me/bio', { bio: 'Short and sweet.' });
    const long = await browser.request('PUT', '/api/me/bio', { bio: 'x'.repeat(161) });
    expect(long.statusCode).toBe(400);
    expect((await browser.get('/api/me')).json().viewer.bio).toBe('Short and sweet.');
  });

  it('is only for signed-in users with a verified email', async () => {
    const visitor = new TestBrowser(app);
    expect((await visitor.request('PUT', '/api/me/bio', { bio: 'hi' })).statusCode).toBe(401);
    expect((await visitor.get('/api/me')).json()).toEqual({ viewer: null });

    const unverified = new TestBrowser(app);
    await unverified.post('/api/auth/sign-up/email', {
      name: 'Nora Pending',
      email: uniqueEmail('nora'),
      password: 'secret123',
    });
    const res = await upload(unverified, await photo('png'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });
});
