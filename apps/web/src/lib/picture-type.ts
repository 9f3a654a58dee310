import { useEffect, useState } from 'react';

/**
 * What a chosen photo really is, from its first bytes, before it is previewed or sent: a file
 * named `.jpg` may hold anything (a PDF, text), and an iPhone's HEIC photo may be named
 * `.jpg` too. The server decides the same way (apps/server/src/lib/file-type.ts) and refuses
 * what is not a photo; checking here says so at once, instead of a broken preview and a
 * refusal after the upload.
 */
export type PictureType = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif';

/** Enough leading bytes for every check below. */
const HEAD_BYTES = 16;

/** ISO-BMFF major brands of still pictures (HEVC-coded HEIF is what iPhones write). */
const HEIF_BRANDS: ReadonlySet<string> = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);
const AVIF_BRANDS: ReadonlySet<string> = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The picture type of a file's first bytes, or null when they are not a photo's. */
export function pictureTypeOf(head: Uint8Array): PictureType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && ascii(head, 1, 4) === 'PNG' && head[0] === 0x89) return 'png';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (HEIF_BRANDS.has(brand)) return 'heif';
    if (AVIF_BRANDS.has(brand)) return 'avif';
  }
  return null;
}

/** Reads the first bytes of a chosen file and says what picture it holds (null: none). */
export async function pictureTypeOfFile(file: Blob): Promise<PictureType | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return pictureTypeOf(head);
}

export type DrawState = 'loading' | 'shown' | 'failed';

/**
 * Whether the browser can draw the picture in `file`, found by decoding it off the page
 * (`createImageBitmap`, no address and no request): a file it cannot draw (a HEIC photo in
 * Chromium, a damaged file) never becomes a broken image on the page. A small bitmap is asked
 * for, and dropped at once.
 */
export function useDrawState(file: Blob | null): DrawState {
  const [state, setState] = useState<{ file: Blob | null; state: DrawState }>({ file, state: 'loading' });
  useEffect(() => {
    if (!file) return;
    let current = true;
    createImageBitmap(file, { resizeWidth: 64 }).then(
      (bitmap) => {
        bitmap.close();
        if (current) setState({ file, state: 'shown' });
      },
      () => current && setState({ file, state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [file]);
  // Another file starts again at 'loading' in the same render, not one render later.
  return state.file === file ? state.state : 'loading';
}
