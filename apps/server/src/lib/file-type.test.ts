import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectFileType } from './file-type.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible);
  // What follows the box in a real file (a `meta` or `mdat` box header).
  return Buffer.concat([box, bytes([0, 0, 0, 8], 'mdat')]);
}

describe('detectFileType: accepted photos', () => {
  it.each([
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg', 'jpg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif'), 'image/jpeg', 'jpg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'image/png', 'png'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif', 'gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif', 'gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp'],
    ['HEIC (iPhone: heic, mif1)', ftyp('heic', 'mif1', 'heic'), 'image/heic', 'heic'],
    ['HEIC (heix)', ftyp('heix', 'mif1', 'heix'), 'image/heic', 'heic'],
    ['HEIC sequence (hevc)', ftyp('hevc', 'msf1', 'hevc'), 'image/heic', 'heic'],
    ['HEIF (mif1)', ftyp('mif1', 'heic'), 'image/heif', 'heif'],
    ['HEIF sequence (msf1)', ftyp('msf1', 'iso8'), 'image/heif', 'heif'],
    ['AVIF', ftyp('avif', 'mif1', 'avif', 'miaf'), 'image/avif', 'avif'],
  ])('%s', (_name, head, mime, ext) => {
    expect(detectFileType(head)).toEqual({ kind: 'image', mime, ext });
  });

  it('recognises what sharp itself writes', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a6' } });
    const cases = [
      [await image.clone().jpeg().toBuffer(), 'image/jpeg'],
      [await image.clone().png().toBuffer(), 'image/png'],
      [await image.clone().gif().toBuffer(), 'image/gif'],
      [await image.clone().webp().toBuffer(), 'image/webp'],
      [await image.clone().avif().toBuffer(), 'image/avif'],
    ] as const;
    for (const [file, mime] of cases) expect(detectFileType(file)?.mime).toBe(mime);
  });
});

describe('detectFileType: accepted videos', () => {
  it.each([
    ['MP4 (isom)', ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'), 'video/mp4', 'mp4'],
    ['MP4 (mp42, Android)', ftyp('mp42', 'isom', 'mp42'), 'video/mp4', 'mp4'],
    ['MP4 (mp41)', ftyp('mp41', 'isom'), 'video/mp4', 'mp4'],
    ['MP4 (avc1)', ftyp('avc1', 'isom'), 'video/mp4', 'mp4'],
    ['M4V', ftyp('M4V ', 'M4V ', 'M4A ', 'mp42', 'isom'), 'video/mp4', 'mp4'],
    ['MOV (iPhone: qt  )', ftyp('qt  ', 'qt  '), 'video/quicktime', 'mov'],
    ['AVI', bytes('RIFF', [0x10, 0, 0, 0], 'AVI LIST'), 'video/x-msvideo', 'avi'],
  ])('%s', (_name, head, mime, ext) => {
    expect(detectFileType(head)).toEqual({ kind: 'video', mime, ext });
  });

  it('accepts 3GPP as MP4 (same container, older Android phones)', () => {
    expect(detectFileType(ftyp('3gp5', 'isom', 'mp42'))?.mime).toBe('video/mp4');
  });

  it('decides by the major brand alone', () => {
    expect(detectFileType(ftyp('avif', 'mif1', 'miaf'))?.mime).toBe('image/avif');
    expect(detectFileType(ftyp('qt  ', 'isom'))?.mime).toBe('video/quicktime');
    expect(detectFileType(ftyp('crx ', 'isom', 'mp42'))).toBeNull();
  });
});

describe('detectFileType: refused', () => {
  it.each([
    ['SVG renamed to .jpg', bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">')],
    [
      'SVG with an XML declaration',
      bytes('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg">'),
    ],
    ['SVG with a byte-order mark', bytes([0xef, 0xbb, 0xbf], '<svg xmlns="http://www.w3.org/2000/svg">')],
    ['SVG with leading whitespace', bytes('\n  <svg>')],
    ['HTML', bytes('<!DOCTYPE html><html><script>alert(1)</script>')],
    ['HTML without doctype', bytes('<html><body><img src=x onerror=alert(1)>')],
    ['XML', bytes('<?xml version="1.0"?><root/>')],
    ['PDF', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')],
    ['ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ['ELF executable', bytes([0x7f], 'ELF', [2, 1, 1, 0])],
    ['plain text', bytes('hello, this is a text file')],
    ['JSON', bytes('{"a":1}')],
    ['WAV (RIFF, but audio)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['MP3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0])],
    ['M4A audio (lists mp42 as compatible)', ftyp('M4A ', 'M4A ', 'mp42', 'isom')],
    ['an unknown ftyp brand', ftyp('crx ', 'crx ')],
    ['a broken ftyp box size', bytes([0, 0, 0, 4], 'ftypisom', [0, 0, 0, 0])],
    ['a legacy QuickTime atom without ftyp', bytes([0, 0, 0, 8], 'moov', [0, 0, 0, 8], 'mvhd')],
    ['a truncated JPEG marker', bytes([0xff, 0xd8])],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a truncated RIFF header', bytes('RIFF', [0, 0])],
    ['nothing', Buffer.alloc(0)],
  ])('%s', (_name, head) => {
    expect(detectFileType(head)).toBeNull();
  });

  it('ignores what a file claims to be beyond its bytes', () => {
    // A GIF header followed by markup is still a GIF: the image pipeline re-encodes it, so the
    // markup never reaches a browser.
    expect(detectFileType(bytes('GIF89a<script>alert(1)</script>'))?.mime).toBe('image/gif');
  });

  it('works on a slice of a larger buffer', () => {
    const file = Buffer.concat([bytes('junk'), ftyp('heic', 'mif1')]);
    expect(detectFileType(file.subarray(4))?.mime).toBe('image/heic');
  });
});
