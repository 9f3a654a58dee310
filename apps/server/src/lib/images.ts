import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { POST_MESSAGES } from '@campus/contract';
import decodeHeic from 'heic-decode';
import sharp, { type Metadata, type OutputInfo, type SharpOptions } from 'sharp';
import { AppError } from './errors.ts';
import { type DetectedFileType, detectFileType } from './file-type.ts';

/**
 * Decoding a photo costs about 4 bytes of memory per pixel, so a few-KB "decompression bomb"
 * declaring 50 000 × 50 000 pixels would need 10 GB. 40 MP is above every phone's default
 * photo (12–24 MP; 48 MP modes write 12 MP unless chosen) and bounds one decode to ~160 MB.
 * For animations the limit counts every frame.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

const WEBP_QUALITY = 80;

export type ImagePreset = 'post' | 'avatar';

interface VariantSpec {
  name: string;
  /** `inside`: long side at most `size`, aspect kept. `cover`: a centred `size` square crop. */
  fit: 'inside' | 'cover';
  size: number;
}

/**
 * What each kind of upload becomes. Post images (also used for chat photos) keep their aspect:
 * `full` for the post page, `feed` for feed cards (shown at most 500 px wide, so 800 covers
 * 1.6× screens). Avatars are square: `large` for the profile page, `small` for lists.
 */
const IMAGE_VARIANTS = {
  post: [
    { name: 'full', fit: 'inside', size: 1600 },
    { name: 'feed', fit: 'inside', size: 800 },
  ],
  avatar: [
    { name: 'large', fit: 'cover', size: 400 },
    { name: 'small', fit: 'cover', size: 96 },
  ],
} as const satisfies Record<ImagePreset, readonly VariantSpec[]>;

type ImageVariantName<P extends ImagePreset> = (typeof IMAGE_VARIANTS)[P][number]['name'];

interface ImageVariant {
  data: Buffer;
  mime: 'image/webp';
  ext: 'webp';
  /** Size of one frame, as it should be laid out. */
  width: number;
  height: number;
  bytes: number;
  animated: boolean;
}

export interface ProcessedImage<P extends ImagePreset> {
  /** The upload: its real type and its upright size (after EXIF rotation). */
  source: { mime: string; width: number; height: number; frames: number };
  /**
   * 16 hex characters of SHA-256 over every variant's bytes. Media are served as immutable,
   * so a storage key must never be reused for other bytes: put this in the key.
   */
  hash: string;
  variants: Record<ImageVariantName<P>, ImageVariant>;
}

export interface ProcessImageOptions<P extends ImagePreset> {
  preset: P;
  /** Defaults to {@link MAX_INPUT_PIXELS}. */
  maxInputPixels?: number;
  /**
   * Keep GIF/WebP animation. Default: on for posts — a moving GIF is what the seller meant to
   * show, and animated WebP is smaller than the GIF — off for avatars, which use the first
   * frame (an avatar shows in every list; motion there is noise).
   */
  animated?: boolean;
}

export type UnsupportedImageReason = 'not-an-image' | 'format-mismatch' | 'codec-unavailable' | 'undecodable';

/** The upload is not a photo this server can read. `reason` is for logs, not people. */
export class UnsupportedImageError extends AppError {
  constructor(
    readonly reason: UnsupportedImageReason,
    message: string = POST_MESSAGES.onlyPhotosAndVideos,
    options?: { cause?: unknown },
  ) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', message);
    this.name = 'UnsupportedImageError';
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** The photo declares more pixels than {@link MAX_INPUT_PIXELS}: refused before decoding. */
export class ImageTooLargeError extends AppError {
  constructor(maxInputPixels: number) {
    // The spec has no wording for this case; this one is ours.
    super(413, 'IMAGE_TOO_LARGE', `This photo is too large (over ${Math.floor(maxInputPixels / 1e6)} megapixels).`);
    this.name = 'ImageTooLargeError';
  }
}

/** What sharp's `metadata().format` reports for each accepted type. */
const SHARP_FORMAT: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/avif': 'heif',
};

/**
 * Decode failures are classified from what the header said, not from sharp's message: libvips
 * keeps one error buffer per process, so under concurrent decodes a message can belong to
 * another image (measured: ~6 % of 300 parallel HEIC decodes reported "bad seek" or "Unknown
 * error" instead of the codec error).
 */
function decodeError(error: unknown, metadata: Metadata): UnsupportedImageError {
  // sharp's prebuilt libheif has the AV1 decoder but no HEVC one (libde265 is not bundled):
  // every iPhone HEIC lands here.
  const reason = metadata.format === 'heif' && metadata.compression === 'hevc' ? 'codec-unavailable' : 'undecodable';
  return new UnsupportedImageError(reason, undefined, { cause: error });
}

async function head(input: Buffer | string): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, 64);
  const handle = await open(input, 'r');
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await handle.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function checkType(input: Buffer): DetectedFileType {
  const type = detectFileType(input);
  if (type?.kind !== 'image') throw new UnsupportedImageError('not-an-image');
  return type;
}

/**
 * HEVC-coded HEIF (every iPhone photo): sharp's prebuilt libvips cannot decode it (no HEVC
 * decoder is bundled), so libheif compiled to WebAssembly (heic-decode, the decoder inside
 * heic-convert) turns it into RGBA pixels, which sharp then treats like any other photo.
 * libheif applies the file's rotation and mirroring itself; EXIF is not carried over.
 */
async function decodeHevcHeif(input: Buffer | string): Promise<{ data: Buffer; width: number; height: number }> {
  const buffer = typeof input === 'string' ? await readFile(input) : input;
  const { data, width, height } = await decodeHeic({ buffer });
  return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
}

/**
 * Turns an uploaded photo into the WebP variants of `preset`: upright by its EXIF orientation,
 * with every piece of metadata removed (EXIF, GPS, XMP, IPTC, ICC — colours are converted to
 * sRGB first), never enlarged. The type is decided from the bytes; only JPEG, PNG, GIF, WebP,
 * HEIC/HEIF and AVIF pass. `input` is the bytes or, for uploads, the path of the file on disk
 * (sharp reads it from there). Throws {@link UnsupportedImageError} or {@link ImageTooLargeError}.
 */
export async function processImage<P extends ImagePreset>(
  input: Buffer | string,
  options: ProcessImageOptions<P>,
): Promise<ProcessedImage<P>> {
  const type = checkType(await head(input));
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const canAnimate = type.mime === 'image/gif' || type.mime === 'image/webp';
  const animated = canAnimate && (options.animated ?? options.preset === 'post');

  // The header alone gives the size, so a bomb is refused before anything is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnsupportedImageError('undecodable', undefined, { cause: error });
  }
  if (metadata.format !== SHARP_FORMAT[type.mime]) throw new UnsupportedImageError('format-mismatch');
  // With `animated` the height is every frame stacked, so all frames count.
  if (metadata.width * metadata.height > maxInputPixels) throw new ImageTooLargeError(maxInputPixels);

  const frames = animated ? (metadata.pages ?? 1) : 1;
  const frameHeight = animated ? (metadata.pageHeight ?? metadata.height) : metadata.height;
  const rotated = (metadata.orientation ?? 1) >= 5;
  const source = {
    mime: type.mime,
    width: rotated ? frameHeight : metadata.width,
    height: rotated ? metadata.width : frameHeight,
    frames,
  };

  // sharp removes all metadata unless told to keep it (withMetadata/keepExif/keepIccProfile):
  // nothing below asks for that. `failOn: 'error'` still reads photos with minor warnings.
  // The pixel limit is repeated for the decoder in case a header lied about the size.
  const render = (pipelineInput: Buffer | string, extra: SharpOptions = {}) => {
    const base = sharp(pipelineInput, {
      limitInputPixels: maxInputPixels,
      animated,
      failOn: 'error',
      ...extra,
    }).autoOrient();
    return Promise.all(
      IMAGE_VARIANTS[options.preset].map((spec: VariantSpec) => {
        const pipeline = base.clone();
        if (spec.fit === 'inside') {
          pipeline.resize({ width: spec.size, height: spec.size, fit: 'inside', withoutEnlargement: true });
        } else {
          // A square never larger than the photo's short side: small photos are not blown up.
          const side = Math.min(spec.size, source.width, source.height);
          pipeline.resize({ width: side, height: side, fit: 'cover', position: 'centre' });
        }
        return pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
      }),
    );
  };

  const specs: readonly VariantSpec[] = IMAGE_VARIANTS[options.preset];
  let outputs: { data: Buffer; info: OutputInfo }[];
  try {
    outputs = await render(input);
  } catch (error) {
    const refusal = decodeError(error, metadata);
    if (refusal.reason !== 'codec-unavailable') throw refusal;
    let decoded: Awaited<ReturnType<typeof decodeHevcHeif>>;
    try {
      decoded = await decodeHevcHeif(input);
    } catch (heifError) {
      throw new UnsupportedImageError('undecodable', undefined, { cause: heifError });
    }
    if (decoded.width * decoded.height > maxInputPixels) throw new ImageTooLargeError(maxInputPixels);
    source.width = decoded.width;
    source.height = decoded.height;
    outputs = await render(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } });
  }

  const hash = createHash('sha256');
  const variants = {} as Record<string, ImageVariant>;
  specs.forEach((spec, i) => {
    const { data, info } = outputs[i] as { data: Buffer; info: OutputInfo };
    hash.update(data);
    variants[spec.name] = {
      data,
      mime: 'image/webp',
      ext: 'webp',
      width: info.width,
      // For an animation `info.height` is all frames stacked.
      height: animated && info.pageHeight ? info.pageHeight : info.height,
      bytes: data.length,
      animated: animated && (info.pages ?? 1) > 1,
    };
  });

  return {
    source,
    hash: hash.digest('hex').slice(0, 16),
    variants: variants as Record<ImageVariantName<P>, ImageVariant>,
  };
}
