import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEIC_FIXTURE } from '../../test/fixtures/files.ts';
import { makeAnimatedGif, makeHevcHeic, makePhoneJpeg, makePhoto, makePngBomb } from '../../test/fixtures/images.ts';
import { ImageTooLargeError, MAX_INPUT_PIXELS, processImage, UnsupportedImageError } from './images.ts';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('processImage: post photos', () => {
  it('makes WebP variants of at most 1600 and 800 px and records their sizes', async () => {
    const result = await processImage(await makePhoto(4000, 3000), { preset: 'post' });
    expect(result.source).toEqual({ mime: 'image/jpeg', width: 4000, height: 3000, frames: 1 });
    expect(Object.keys(result.variants)).toEqual(['full', 'feed']);
    expect(result.variants.full).toMatchObject({ mime: 'image/webp', ext: 'webp', width: 1600, height: 1200 });
    expect(result.variants.feed).toMatchObject({ width: 800, height: 600, animated: false });
    for (const variant of Object.values(result.variants)) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.bytes).toBe(variant.data.length);
    }
  });

  it('fits the long side for portrait photos too', async () => {
    const { variants } = await processImage(await makePhoto(1000, 2000, 'png'), { preset: 'post' });
    expect([variants.full.width, variants.full.height]).toEqual([800, 1600]);
    expect([variants.feed.width, variants.feed.height]).toEqual([400, 800]);
  });

  it('never enlarges a small photo', async () => {
    const { variants } = await processImage(await makePhoto(640, 480, 'webp'), { preset: 'post' });
    expect([variants.full.width, variants.full.height]).toEqual([640, 480]);
    expect([variants.feed.width, variants.feed.height]).toEqual([640, 480]);
  });

  it('turns a phone photo upright by its EXIF orientation', async () => {
    // Stored 600 × 400 with orientation 6: the person holding the phone saw 400 × 600.
    const input = await makePhoneJpeg(600, 400);
    expect(await sharp(input).metadata()).toMatchObject({ width: 600, height: 400, orientation: 6 });

    const result = await processImage(input, { preset: 'post' });
    expect(result.source).toMatchObject({ width: 400, height: 600 });
    expect([result.variants.full.width, result.variants.full.height]).toEqual([400, 600]);
    const meta = await sharp(result.variants.full.data).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    // Upright pixels and no orientation tag left to apply twice.
    expect(meta.orientation).toBeUndefined();
  });

  it('removes EXIF, GPS and every other metadata', async () => {
    const input = await makePhoneJpeg(600, 400);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(input.includes('secret-owner')).toBe(true);

    const { variants } = await processImage(input, { preset: 'post' });
    for (const variant of Object.values(variants)) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(variant.data.includes('secret-owner')).toBe(false);
      expect(variant.data.includes('TestPhone')).toBe(false);
      expect(variant.data.includes('EXIF')).toBe(false);
    }
  });

  it('keeps a GIF animated (as animated WebP)', async () => {
    const result = await processImage(await makeAnimatedGif(300, 200, 3), { preset: 'post' });
    expect(result.source).toEqual({ mime: 'image/gif', width: 300, height: 200, frames: 3 });
    expect(result.variants.full).toMatchObject({ width: 300, height: 200, animated: true });
    const meta = await sharp(result.variants.full.data).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
    expect([meta.width, meta.pageHeight ?? meta.height]).toEqual([300, 200]);
    expect(meta.delay).toEqual([100, 100, 100]);
  });

  it('resizes every frame of a large animation', async () => {
    const { variants } = await processImage(await makeAnimatedGif(1000, 500, 2), { preset: 'post' });
    expect(variants.feed).toMatchObject({ width: 800, height: 400, animated: true });
    expect((await sharp(variants.feed.data).metadata()).pages).toBe(2);
  });

  it('names its output by content', async () => {
    const photo = await makePhoto(320, 240);
    const a = await processImage(photo, { preset: 'post' });
    const b = await processImage(photo, { preset: 'post' });
    const c = await processImage(await makePhoto(320, 240), { preset: 'post' });
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(b.hash).toBe(a.hash);
    expect(c.hash).not.toBe(a.hash);
  });
});

describe('processImage: avatars', () => {
  it('crops centred squares of 400 and 96 px', async () => {
    const { variants } = await processImage(await makePhoto(1200, 800), { preset: 'avatar' });
    expect(Object.keys(variants)).toEqual(['large', 'small']);
    expect(variants.large).toMatchObject({ width: 400, height: 400, mime: 'image/webp' });
    expect(variants.small).toMatchObject({ width: 96, height: 96 });
    const meta = await sharp(variants.large.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
  });

  it('crops the centre', async () => {
    // Left third red, middle third green, right third blue: the square shows the green middle.
    const stripe = (background: string) =>
      sharp({ create: { width: 300, height: 300, channels: 3, background } })
        .png()
        .toBuffer();
    const input = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#000' } })
      .composite([
        { input: await stripe('#ff0000'), left: 0, top: 0 },
        { input: await stripe('#00ff00'), left: 300, top: 0 },
        { input: await stripe('#0000ff'), left: 600, top: 0 },
      ])
      .png()
      .toBuffer();
    const { variants } = await processImage(input, { preset: 'avatar' });
    const { dominant } = await sharp(variants.large.data).stats();
    expect(dominant.g).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(50);
    expect(dominant.b).toBeLessThan(50);
  });

  it('makes a smaller square from a photo smaller than 400 px, without enlarging it', async () => {
    const { variants } = await processImage(await makePhoto(300, 500), { preset: 'avatar' });
    expect([variants.large.width, variants.large.height]).toEqual([300, 300]);
    expect([variants.small.width, variants.small.height]).toEqual([96, 96]);
  });

  it('uses the first frame of an animated GIF', async () => {
    const { variants } = await processImage(await makeAnimatedGif(200, 200, 3), { preset: 'avatar' });
    expect(variants.large.animated).toBe(false);
    expect((await sharp(variants.large.data).metadata()).pages).toBeUndefined();
  });

  it('applies EXIF orientation before cropping', async () => {
    const { source } = await processImage(await makePhoneJpeg(600, 400), { preset: 'avatar' });
    expect([source.width, source.height]).toEqual([400, 600]);
  });
});

describe('processImage: refused input', () => {
  it('refuses a decompression bomb before decoding it', async () => {
    // 50 000 × 50 000 px in a 70-byte PNG: 7.5 GB if decoded.
    const bomb = await makePngBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);

    const error = await rejection(processImage(bomb, { preset: 'post' }));
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect(error).toMatchObject({
      statusCode: 413,
      code: 'IMAGE_TOO_LARGE',
      message: 'This photo is too large (over 40 megapixels).',
    });
  });

  it('enforces the limit at exactly MAX_INPUT_PIXELS', async () => {
    const justOver = await makePngBomb(8000, MAX_INPUT_PIXELS / 8000 + 1);
    expect(await rejection(processImage(justOver, { preset: 'avatar' }))).toBeInstanceOf(ImageTooLargeError);
  });

  it('takes a smaller limit from the options', async () => {
    const photo = await makePhoto(200, 200);
    await expect(processImage(photo, { preset: 'post', maxInputPixels: 200 * 200 })).resolves.toBeDefined();
    const error = await rejection(processImage(photo, { preset: 'post', maxInputPixels: 200 * 200 - 1 }));
    expect(error).toBeInstanceOf(ImageTooLargeError);
  });

  it('counts every frame of an animation against the limit', async () => {
    const gif = await makeAnimatedGif(100, 100, 5);
    const error = await rejection(processImage(gif, { preset: 'post', maxInputPixels: 100 * 100 * 4 }));
    expect(error).toBeInstanceOf(ImageTooLargeError);
  });

  it('refuses SVG, even named and sent as a JPEG, without handing it to the decoder', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    // sharp would happily render it: the magic-byte check is what keeps it out.
    expect((await sharp(svg).metadata()).format).toBe('svg');
    const error = await rejection(processImage(svg, { preset: 'post' }));
    expect(error).toBeInstanceOf(UnsupportedImageError);
    expect(error).toMatchObject({
      reason: 'not-an-image',
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only photos & videos are allowed!',
    });
  });

  it('refuses videos and other files', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom\0\0\0\0isommp42', 'latin1')]);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    for (const file of [mp4, pdf, Buffer.alloc(0)]) {
      expect(await rejection(processImage(file, { preset: 'post' }))).toMatchObject({ reason: 'not-an-image' });
    }
  });

  it('refuses a file that only starts like a photo', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 0x41)]);
    const error = await rejection(processImage(fake, { preset: 'post' }));
    expect(error).toBeInstanceOf(UnsupportedImageError);
    expect(error).toMatchObject({ reason: 'undecodable' });
  });
});

describe('processImage: HEIF', () => {
  it('reads AV1-coded HEIF (AVIF), which sharp can decode', async () => {
    // A flat image at the fastest effort: AV1-encoding photo noise takes half a minute.
    const avif = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#357' } })
      .heif({ compression: 'av1', effort: 0 })
      .toBuffer();
    const result = await processImage(avif, { preset: 'post' });
    expect(result.source).toMatchObject({ mime: 'image/avif', width: 1200, height: 900 });
    expect(result.variants.feed).toMatchObject({ width: 800, height: 600 });
  });

  it('reads HEVC-coded HEIC (iPhone photos) through heic-decode, without its EXIF/GPS', async () => {
    // A real HEIC written by libheif's heif-enc (x265) from a JPEG carrying camera and GPS EXIF.
    const heic = await readFile(HEIC_FIXTURE);
    const meta = await sharp(heic).metadata();
    expect(meta).toMatchObject({ format: 'heif', compression: 'hevc', width: 64, height: 48 });
    expect(meta.exif?.includes(Buffer.from('iPhone 15'))).toBe(true);
    // This sharp build has no HEVC decoder: without the fallback the photo would be refused.
    await expect(sharp(heic).webp().toBuffer()).rejects.toThrow();

    const result = await processImage(HEIC_FIXTURE, { preset: 'post' });
    expect(result.source).toMatchObject({ mime: 'image/heic', width: 64, height: 48 });
    for (const variant of Object.values(result.variants)) {
      const out = await sharp(variant.data).metadata();
      expect(out).toMatchObject({ format: 'webp', width: 64, height: 48 });
      expect(out.exif).toBeUndefined();
      expect(out.xmp).toBeUndefined();
      expect(variant.data.includes(Buffer.from('iPhone'))).toBe(false);
    }
    // The colour survives decoding (the fixture is a flat red).
    const { data } = await sharp(result.variants.full.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[1]).toBeLessThan(80);
  });

  it('refuses a HEIC whose picture data cannot be decoded', async () => {
    const error = await rejection(processImage(makeHevcHeic(640, 480), { preset: 'post' }));
    expect(error).toBeInstanceOf(UnsupportedImageError);
    expect(error).toMatchObject({ reason: 'undecodable', message: 'Only photos & videos are allowed!' });
  });

  it('refuses a HEIC that declares too many pixels before decoding it', async () => {
    const error = await rejection(processImage(makeHevcHeic(50_000, 50_000), { preset: 'post' }));
    expect(error).toBeInstanceOf(ImageTooLargeError);
  });
});
