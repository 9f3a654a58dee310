import { existsSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_MESSAGES, UPLOAD_MESSAGES } from '@campus/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, uniqueEmail, verifiedUser } from '../../../test/auth.ts';
import { users } from '../../db/schema/index.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-users-'));
// Temporary upload folders go under os.tmpdir(), which follows TMPDIR: this file watches its own.
process.env.TMPDIR = await mkdtemp(path.join(os.tmpdir(), 'campus-users-tmp-'));
const tempLeft = () => readdir(path.join(process.env.TMPDIR as string, 'campus-uploads')).catch(() => [] as string[]);
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
    expect(viewer.img).toMatch(/^\/media\/images\/profilePics\/[^/]+\/[0-9a-f]{16}-large\.webp$/);
    expect(viewer.imgSmall).toMatch(/-small\.webp$/);
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
    const files = await readdir(path.join(uploads, user.id));
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
    expect(await readdir(path.join(uploads, user.id)).catch(() => [])).toEqual([]);
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
    expect((await visitor.get('/api/me')).json()).toEqual({ viewer: null, suspension: null });

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

describe('profile picture ownership and limits', () => {
  const storedImg = async (id: string) => (await db.query.users.findFirst({ where: eq(users.id, id) }))?.img;

  it("stores a storage key in the owner's own folder, never a URL, and leaves no temporary file", async () => {
    const { browser, user } = await verifiedUser(app, db);
    const viewer = (await upload(browser, await photo('png'))).json();
    const key = await storedImg(user.id);
    expect(key).toMatch(new RegExp(`^images/profilePics/${user.id}/[0-9a-f]{16}-large\\.webp$`));
    expect(viewer.img).toBe(app.storage.url(key as string));
    expect(await tempLeft()).toEqual([]);
  });

  it("never deletes another user's picture, whatever img held", async () => {
    const victim = await verifiedUser(app, db, { name: 'Vera Victim' });
    const victimView = (await upload(victim.browser, await photo('png'))).json();
    const victimKey = (await storedImg(victim.user.id)) as string;
    const victimFiles = await readdir(path.join(uploads, victim.user.id));
    expect(victimFiles).toHaveLength(2);

    // The hole closed by the first security review (docs/security.md#profile-pictures-and-uploads): the attacker's img pointed at the victim's picture (legacy URL
    // shape and key shape alike). The database now refuses a URL outright …
    const attacker = await verifiedUser(app, db, { name: 'Adam Attacker' });
    await expect(
      db
        .update(users)
        .set({ img: `/media/${victimKey}` })
        .where(eq(users.id, attacker.user.id)),
    ).rejects.toThrow();
    await expect(
      db.update(users).set({ img: 'javascript:alert(1)//.webp' }).where(eq(users.id, attacker.user.id)),
    ).rejects.toThrow();
    // … and a key of someone else is neither shown as theirs nor deleted on their next upload.
    await db.update(users).set({ img: victimKey }).where(eq(users.id, attacker.user.id));
    expect((await attacker.browser.get('/api/me')).json().viewer.img).toBeNull();
    const res = await upload(attacker.browser, await photo('jpeg'), 'me.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    expect((await readdir(path.join(uploads, victim.user.id))).sort()).toEqual(victimFiles.sort());
    expect(existsSync(path.join(dataDir, 'uploads', victimKey))).toBe(true);
    expect((await victim.browser.get('/api/me')).json().viewer.img).toBe(victimView.img);
  });

  it('refuses a 20 MB picture naming the 15 MB limit (413), stores nothing', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const big = Buffer.concat([await photo('png'), Buffer.alloc(20 * 1024 * 1024)]);
    const res = await upload(browser, big, 'big.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: UPLOAD_MESSAGES.avatarTooLarge });
    expect(UPLOAD_MESSAGES.avatarTooLarge).toContain('15 MB');
    expect(await readdir(path.join(uploads, user.id)).catch(() => [])).toEqual([]);
    expect(await storedImg(user.id)).toBeNull();
    expect(await tempLeft()).toEqual([]);
  });

  it('refuses malformed uploads with 4xx and stores nothing', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const png = await photo('png');
    const good = multipart(png, 'me.png', 'image/png');
    const cases: [string, Buffer, string][] = [
      ['no boundary', good.payload, 'multipart/form-data'],
      ['wrong boundary', good.payload, 'multipart/form-data; boundary=nope'],
      ['truncated', good.payload.subarray(0, good.payload.length - 40), good.contentType],
      ['no file', Buffer.from('------campus-test-boundary--\r\n'), good.contentType],
    ];
    for (const [name, payload, contentType] of cases) {
      const res = await browser.send('POST', '/api/me/photo', payload, contentType);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
    }
    expect(await storedImg(user.id)).toBeNull();
    expect(await readdir(path.join(uploads, user.id)).catch(() => [])).toEqual([]);
    expect(await tempLeft()).toEqual([]);
  });

  it('limits picture uploads per account: 20 an hour, then 429, while another account still can', async () => {
    const { browser } = await verifiedUser(app, db);
    // Bodies without a file cost nothing to refuse; every request counts all the same.
    const empty = Buffer.from('------campus-test-boundary--\r\n');
    const type = 'multipart/form-data; boundary=----campus-test-boundary';
    for (let i = 0; i < 20; i++) {
      expect((await browser.send('POST', '/api/me/photo', empty, type)).statusCode).toBe(400);
    }
    const limited = await browser.send('POST', '/api/me/photo', empty, type);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');

    const other = await verifiedUser(app, db);
    expect((await upload(other.browser, await photo('png'))).statusCode).toBe(200);
  });
});

describe('removing the profile picture', () => {
  const row = async (id: string) => db.query.users.findFirst({ where: eq(users.id, id) });

  it('the owner removes it: files deleted, profile no longer set up, nothing else changed', async () => {
    const { browser, user } = await verifiedUser(app, db, { name: 'Rita Remover' });
    const other = await verifiedUser(app, db, { name: 'Otis Bystander' });
    await upload(browser, await photo('png'));
    await browser.request('PUT', '/api/me/bio', { bio: 'Still here.' });
    const otherView = (await upload(other.browser, await photo('png'))).json();
    const before = await row(user.id);
    expect(before?.profileSetUp).toBe(true);
    expect(await readdir(path.join(uploads, user.id))).toHaveLength(2);

    const res = await browser.send('DELETE', '/api/me/photo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ img: null, imgSmall: null, profileSetUp: false, bio: 'Still here.' });
    expect(await readdir(path.join(uploads, user.id))).toEqual([]);
    const after = await row(user.id);
    expect(after).toMatchObject({
      img: null,
      profileSetUp: false,
      bio: before?.bio,
      firstName: before?.firstName,
      lastName: before?.lastName,
      username: before?.username,
      email: before?.email,
    });
    // The other account keeps its picture and files.
    expect(await readdir(path.join(uploads, other.user.id))).toHaveLength(2);
    expect((await other.browser.get('/api/me')).json().viewer.img).toBe(otherView.img);

    // Again, with nothing to remove: the same answer, nothing changes.
    const again = await browser.send('DELETE', '/api/me/photo');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ img: null, profileSetUp: false });
  });

  it("never deletes another user's files, whatever img held", async () => {
    const victim = await verifiedUser(app, db, { name: 'Vic Keeps' });
    await upload(victim.browser, await photo('png'));
    const victimKey = (await row(victim.user.id))?.img as string;
    const attacker = await verifiedUser(app, db, { name: 'Ada Takes' });
    await db.update(users).set({ img: victimKey }).where(eq(users.id, attacker.user.id));

    const res = await attacker.browser.send('DELETE', '/api/me/photo');
    expect(res.statusCode).toBe(200);
    expect((await row(attacker.user.id))?.img).toBeNull();
    expect(existsSync(path.join(dataDir, 'uploads', victimKey))).toBe(true);
    expect(await readdir(path.join(uploads, victim.user.id))).toHaveLength(2);
    expect((await row(victim.user.id))?.img).toBe(victimKey);
  });

  it('a visitor gets 401 and an unverified account 403; nothing is removed', async () => {
    const owner = await verifiedUser(app, db, { name: 'Paula Pictured' });
    await upload(owner.browser, await photo('png'));
    const key = (await row(owner.user.id))?.img;

    const visitor = new TestBrowser(app);
    expect((await visitor.send('DELETE', '/api/me/photo')).statusCode).toBe(401);
    const unverified = new TestBrowser(app);
    await unverified.post('/api/auth/sign-up/email', {
      name: 'Nell Pending',
      email: uniqueEmail('nell'),
      password: 'secret123',
    });
    const denied = await unverified.send('DELETE', '/api/me/photo');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect((await row(owner.user.id))?.img).toBe(key);
    expect(await readdir(path.join(uploads, owner.user.id))).toHaveLength(2);

    // A hostile body (NUL bytes) is refused with 4xx before anything happens.
    const hostile = await owner.browser.send(
      'DELETE',
      '/api/me/photo',
      Buffer.from(JSON.stringify({ userId: `${owner.user.id}\u0000` })),
      'application/json',
    );
    expect(hostile.statusCode).toBe(400);
    expect((await row(owner.user.id))?.img).toBe(key);
  });
});
