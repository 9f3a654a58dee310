import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_LISTINGS, listingPhotoFile } from '../apps/server/src/demo/demo-listings.ts';
import { avatarFile, DEMO_ACCOUNTS, DEMO_PHOTOS_DIR } from '../apps/server/src/demo/demo-people.ts';
import { listingPhoto, profilePicture } from '../apps/server/src/demo/demo-photos.ts';

/**
 * Writes the demo campus's pictures into apps/server/src/demo/photos/ (run it after changing
 * a listing's photos or an account's picture, and commit the result):
 *   node --import tsx scripts/demo-photos.ts
 * Files no listing or account uses any more are removed.
 */
await mkdir(DEMO_PHOTOS_DIR, { recursive: true });
const wanted = new Set<string>();
let bytes = 0;
for (const [i, listing] of DEMO_LISTINGS.entries()) {
  for (const [n, shot] of (listing.photos ?? []).entries()) {
    const file = listingPhotoFile(listing, n);
    if (wanted.has(file)) throw new Error(`two photos would be ${file}: start the listings differently`);
    wanted.add(file);
    const photo = await listingPhoto({ ...shot, seed: `${i}-${n}` });
    bytes += photo.length;
    await writeFile(path.join(DEMO_PHOTOS_DIR, file), photo);
  }
}
for (const account of DEMO_ACCOUNTS) {
  const file = avatarFile(account);
  wanted.add(file);
  const picture = await profilePicture(account.avatar.code, account.avatar.color);
  bytes += picture.length;
  await writeFile(path.join(DEMO_PHOTOS_DIR, file), picture);
}
for (const file of await readdir(DEMO_PHOTOS_DIR)) {
  if (!wanted.has(file)) await rm(path.join(DEMO_PHOTOS_DIR, file));
}
console.log(
  `${wanted.size} pictures, ${(bytes / 1024).toFixed(0)} KB, in ${path.relative(process.cwd(), DEMO_PHOTOS_DIR)}`,
);
