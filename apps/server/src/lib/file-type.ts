/**
 * Decides what an uploaded file really is from its first bytes (magic numbers). The file's
 * name and the client's Content-Type are never consulted: both are chosen by the sender.
 *
 * Only the formats people post are recognised (docs/product/community.md#post-files: jpeg, png, gif, webp, mp4, mov,
 * avi; plus the HEIC/HEIF and AVIF photos phones take). Everything else — SVG, HTML, XML, PDF,
 * scripts, archives — is `null`, so a renamed `cat.svg → cat.jpg` is refused rather than
 * served back to a browser that might run it.
 */

type FileKind = 'image' | 'video';

export interface DetectedFileType {
  kind: FileKind;
  mime: string;
  /** Extension to store the file under (never the one the client sent). */
  ext: string;
}

const JPEG: DetectedFileType = { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
const PNG: DetectedFileType = { kind: 'image', mime: 'image/png', ext: 'png' };
const GIF: DetectedFileType = { kind: 'image', mime: 'image/gif', ext: 'gif' };
const WEBP: DetectedFileType = { kind: 'image', mime: 'image/webp', ext: 'webp' };
const HEIC: DetectedFileType = { kind: 'image', mime: 'image/heic', ext: 'heic' };
const HEIF: DetectedFileType = { kind: 'image', mime: 'image/heif', ext: 'heif' };
const AVIF: DetectedFileType = { kind: 'image', mime: 'image/avif', ext: 'avif' };
const MP4: DetectedFileType = { kind: 'video', mime: 'video/mp4', ext: 'mp4' };
const MOV: DetectedFileType = { kind: 'video', mime: 'video/quicktime', ext: 'mov' };
const AVI: DetectedFileType = { kind: 'video', mime: 'video/x-msvideo', ext: 'avi' };

/**
 * ISO base media file format brands (the `ftyp` box) → type. HEVC-coded HEIF (iPhone photos)
 * is `image/heic`; the generic still-image brands `mif1`/`msf1` are `image/heif`; AV1-coded
 * HEIF is AVIF. The video brands cover what phones, cameras and encoders write.
 */
const BRANDS = new Map<string, DetectedFileType>([
  ['heic', HEIC],
  ['heix', HEIC],
  ['heim', HEIC],
  ['heis', HEIC],
  ['hevc', HEIC],
  ['hevx', HEIC],
  ['avif', AVIF],
  ['avis', AVIF],
  ['mif1', HEIF],
  ['msf1', HEIF],
  ['qt  ', MOV],
  ['isom', MP4],
  ['iso2', MP4],
  ['iso4', MP4],
  ['iso5', MP4],
  ['iso6', MP4],
  ['mp41', MP4],
  ['mp42', MP4],
  ['avc1', MP4],
  ['M4V ', MP4],
  ['M4VH', MP4],
  ['M4VP', MP4],
  ['MSNV', MP4],
  ['XAVC', MP4],
  ['dash', MP4],
  // 3GPP is the same container, written by older Android phones with H.264/AAC inside.
  ['3gp4', MP4],
  ['3gp5', MP4],
  ['3gp6', MP4],
]);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function readUint32BE(bytes: Uint8Array, offset: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset + offset, 4).getUint32(0);
}

/**
 * The major brand of an ISO-BMFF file's `ftyp` box. Only the major brand counts: compatible
 * brands list what a reader *may* understand, and e.g. M4A audio lists `mp42` there.
 */
function isoMajorBrand(head: Uint8Array): string | null {
  if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return null;
  // size, 'ftyp', major brand, minor version: a shorter box is malformed.
  if (readUint32BE(head, 0) < 16) return null;
  return ascii(head, 8, 12);
}

/**
 * The real type of a file from its first bytes (the first 16 bytes are
 * enough; more is fine), or `null` when it is not an accepted photo or video.
 */
export function detectFileType(head: Uint8Array): DetectedFileType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return GIF;

  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return WEBP;
    if (form === 'AVI ') return AVI;
    return null;
  }

  const brand = isoMajorBrand(head);
  if (brand) return BRANDS.get(brand) ?? null;
  // QuickTime files from before 2001 may start with a bare `moov`/`mdat` atom instead of
  // `ftyp`; no phone or camera in use writes those, so they are refused with everything else.
  return null;
}
