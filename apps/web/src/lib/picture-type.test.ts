import { describe, expect, it } from 'vitest';
import { pictureTypeOf, pictureTypeOfFile } from './picture-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (brand: string) => bytes([0, 0, 0, 24], 'ftyp', brand, [0, 0, 0, 0]);

describe('pictureTypeOf', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['gif', bytes('GIF89a')],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBP')],
    ['heif', ftyp('heic')],
    ['heif', ftyp('mif1')],
    ['avif', ftyp('avif')],
  ])('knows %s by its first bytes', (type, head) => {
    expect(pictureTypeOf(head)).toBe(type);
  });

  it.each([
    ['text', bytes('Not a photo at all')],
    ['a PDF', bytes('%PDF-1.7')],
    ['an SVG', bytes('<svg xmlns=')],
    ['an MP4 video', ftyp('isom')],
    ['an AVI video', bytes('RIFF', [0, 0, 0, 0], 'AVI ')],
    ['nothing', bytes()],
  ])('is null for %s', (_name, head) => {
    expect(pictureTypeOf(head)).toBeNull();
  });

  it('reads a File whatever its name says', async () => {
    expect(await pictureTypeOfFile(new File(['hello, world'], 'photo.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(await pictureTypeOfFile(new File([ftyp('heic')], 'IMG_0001.jpg', { type: 'image/jpeg' }))).toBe('heif');
  });
});
