import { CAMPUS_IDS } from '@campus/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { type TestBrowser, verifiedUser } from './auth.ts';

/** A school-verified member of a campus with a finished profile, signed in on its site. */
export async function member(app: FastifyInstance, db: Database, slug: 'ou' | 'ut' = 'ou', name = 'Morgan Lee') {
  const { browser, user, email } = await verifiedUser(app, db, { host: `${slug}.localhost:3000`, name });
  await db
    .update(users)
    .set({
      schoolVerified: true,
      campusId: CAMPUS_IDS[slug],
      schoolEmail: email,
      img: `images/profilePics/${user.id}/0000000000000000-large.webp`,
      bio: 'Test student',
      profileSetUp: true,
    })
    .where(eq(users.id, user.id));
  return { browser, user };
}

export const testPhoto = (color = '#336699', width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

export interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/** The composer's multipart body: the `post` JSON field and the files. */
function postForm(post: Record<string, unknown>, files: FilePart[] = []) {
  const boundary = '----campus-post-boundary';
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="post"\r\n\r\n${JSON.stringify(post)}\r\n`),
  ];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function createPostAs(browser: TestBrowser, post: Record<string, unknown>, files: FilePart[] = []) {
  const form = postForm(post, files);
  return browser.send('POST', '/api/posts', form.payload, form.contentType);
}

/** The edit form's multipart body (PATCH /api/posts/:id): the `post` JSON field with `media`, and the new files. */
export async function editPostAs(
  browser: TestBrowser,
  postId: string,
  post: Record<string, unknown>,
  files: FilePart[] = [],
) {
  const form = postForm(post, files);
  return browser.send('PATCH', `/api/posts/${postId}`, form.payload, form.contentType);
}

/** A JPEG file part of a solid colour. */
export const photoPart = async (color: string, name = 'photo.jpg'): Promise<FilePart> => ({
  name,
  type: 'image/jpeg',
  bytes: await testPhoto(color, 400, 300),
});
