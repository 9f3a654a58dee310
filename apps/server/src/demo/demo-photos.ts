import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';

/**
 * Listing photos and profile pictures for the demo campus, composed at seed time from
 * Microsoft's Fluent Emoji 3D renders (MIT; the `@lobehub/fluent-emoji-3d` package, 256 px
 * WebP with alpha): each object is set on a soft paper backdrop with a contact shadow and a
 * cast shadow, under a light from one side, with a little film grain, as a student's photo of
 * a thing on a table or the floor. Used by scripts/demo-photos.ts, which writes them once
 * into demo/photos/ (composing ~70 photos at every first start took minutes on a busy
 * machine); the same listing always gets the same photos.
 */
const assets = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@lobehub/fluent-emoji-3d/package.json')),
  'assets',
);

/** One render of the package, by its file name (the emoji's code points), and how to use it. */
export interface Art {
  /** e.g. '1f6b2' (bicycle); see the package's assets/ folder. 'mini-fridge' is drawn below. */
  code: string;
  /** Part of the render to keep, as fractions of its box (a speaker without its sound waves). */
  crop?: { left: number; top: number; width: number; height: number };
  /** Facing the other way (the second shoe of a pair). */
  mirror?: boolean;
}

/**
 * The set has no refrigerator: a small one drawn in the same soft style (rounded body, light
 * from the upper left, a recessed handle).
 */
const MINI_FRIDGE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
  <defs>
    <linearGradient id="body" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#d9dde3"/><stop offset="0.18" stop-color="#f7f8fa"/>
      <stop offset="0.75" stop-color="#eceff3"/><stop offset="1" stop-color="#b9bfc8"/>
    </linearGradient>
    <linearGradient id="side" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.7"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="handle" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#8d949e"/><stop offset="1" stop-color="#c9ced6"/>
    </linearGradient>
  </defs>
  <rect x="40" y="370" width="30" height="22" rx="6" fill="#3b3f46"/>
  <rect x="230" y="370" width="30" height="22" rx="6" fill="#3b3f46"/>
  <rect x="20" y="10" width="260" height="368" rx="28" fill="url(#body)"/>
  <rect x="30" y="16" width="240" height="60" rx="22" fill="url(#side)"/>
  <rect x="20" y="112" width="260" height="5" fill="#c3c8cf"/>
  <rect x="236" y="140" width="14" height="120" rx="7" fill="url(#handle)"/>
  <rect x="236" y="40" width="14" height="50" rx="7" fill="url(#handle)"/>
  <rect x="120" y="340" width="60" height="10" rx="5" fill="#d0d4da"/>
</svg>`;

/** One object in a shot: which render, how big (fractions of the frame), where. */
interface Placed {
  art: Art;
  maxWidth: number;
  maxHeight: number;
  /** Horizontal centre, 0–1 across the frame. */
  x: number;
  /** Degrees; the object leans a little, as when propped up. */
  tilt: number;
  mirror: boolean;
}

/** Backdrops: a wall colour over a slightly darker floor or table top, as photographed at home. */
const BACKDROPS = [
  { wall: '#f3efe9', floor: '#e2dbd0' }, // warm paper
  { wall: '#eef1f4', floor: '#d9dee4' }, // cool grey
  { wall: '#f4ece6', floor: '#e5d5c8' }, // blush
  { wall: '#edf2ec', floor: '#d6e0d4' }, // sage
  { wall: '#f6f1e4', floor: '#e6dcc2' }, // sand
  { wall: '#eaf0f6', floor: '#d2dce8' }, // sky
  { wall: '#f2f0ee', floor: '#cfc9c2' }, // concrete
  { wall: '#f5efe0', floor: '#c9a27e' }, // on a wooden floor
];

/** A small deterministic generator, so a listing's photos are the same at every seed. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const between = (next: () => number, min: number, max: number) => min + (max - min) * next();

/** The render, cut to its visible pixels, fitted into `box` px, tilted and maybe mirrored. */
async function renderObject(
  placed: Placed,
  box: { width: number; height: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  const source =
    placed.art.code === 'mini-fridge'
      ? Buffer.from(MINI_FRIDGE_SVG)
      : await sharp(path.join(assets, `${placed.art.code}.webp`))
          .png()
          .toBuffer();
  let image = sharp(source).ensureAlpha();
  const crop = placed.art.crop;
  if (crop) {
    const { width = 256, height = 256 } = await sharp(source).metadata();
    image = image.extract({
      left: Math.round(crop.left * width),
      top: Math.round(crop.top * height),
      width: Math.round(crop.width * width),
      height: Math.round(crop.height * height),
    });
  }
  const trimmed = await sharp(await image.png().toBuffer())
    .trim({ threshold: 1 })
    .png()
    .toBuffer();
  let out = sharp(trimmed).resize({ ...box, fit: 'inside', kernel: 'lanczos3' });
  if (placed.mirror !== Boolean(placed.art.mirror)) out = out.flop();
  const tilted = await sharp(await out.png().toBuffer())
    .rotate(placed.tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data: tilted.data, width: tilted.info.width, height: tilted.info.height };
}

/** The object's silhouette as a soft shadow: black at `opacity` of its alpha, squashed and blurred. */
async function castShadow(object: Buffer, width: number, height: number, opacity: number, squash: number) {
  const alpha = await sharp(object).extractChannel(3).raw().toBuffer();
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = Math.round((alpha[i] ?? 0) * opacity);
  const flat = Math.max(1, Math.round(height * squash));
  const silhouette = await sharp({ create: { width, height, channels: 3, background: '#000' } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(silhouette)
    .resize({ width, height: flat, fit: 'fill' })
    .extend({ top: 40, bottom: 40, left: 40, right: 40, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(12)
    .png()
    .toBuffer({ resolveWithObject: true });
}

export interface ShotOptions {
  /** Seed of the shot's variations: the listing and the photo's number. */
  seed: string;
  objects: Art[];
  /** 'close' fills the frame (a detail shot), 'wide' shows more backdrop. */
  framing?: 'wide' | 'normal' | 'close';
  portrait?: boolean;
}

/** One listing photo: a WebP of 1000 × 750 (or 750 × 1000), shaped like a phone's. */
export async function listingPhoto(options: ShotOptions): Promise<Buffer> {
  const next = random(options.seed);
  const width = options.portrait ? 750 : 1000;
  const height = options.portrait ? 1000 : 750;
  const backdrop = BACKDROPS[Math.floor(next() * BACKDROPS.length) % BACKDROPS.length] as (typeof BACKDROPS)[number];
  const horizon = Math.round(height * between(next, 0.5, 0.62));
  const lightFromLeft = next() < 0.5;
  const lightX = lightFromLeft ? between(next, 0.05, 0.3) : between(next, 0.7, 0.95);
  const size = { wide: 0.42, normal: 0.55, close: 0.78 }[options.framing ?? 'normal'];
  const floorY = Math.round(height * between(next, 0.8, 0.88));

  const background = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${backdrop.wall}"/>
      <stop offset="${(horizon / height).toFixed(3)}" stop-color="${backdrop.wall}"/>
      <stop offset="${((horizon + 60) / height).toFixed(3)}" stop-color="${backdrop.floor}"/>
      <stop offset="1" stop-color="${backdrop.floor}"/>
    </linearGradient>
    <radialGradient id="light" cx="${lightX.toFixed(2)}" cy="0.15" r="0.9">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
      <stop offset="0.6" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.22"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#wall)"/>
  <rect width="100%" height="100%" fill="url(#light)"/>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`);

  const layers: OverlayOptions[] = [];
  const count = options.objects.length;
  for (const [i, art] of options.objects.entries()) {
    const scale = size * between(next, 0.92, 1.06);
    const placed: Placed = {
      art,
      maxHeight: count === 1 ? scale : scale * 0.8,
      // Side by side near the middle, so that a square crop of the photo still shows them all.
      maxWidth: count === 1 ? Math.min(0.8, scale * 1.3) : 0.7 / count,
      x: count === 1 ? between(next, 0.44, 0.56) : 0.15 + (0.7 * (i + 0.5)) / count + between(next, -0.02, 0.02),
      tilt: between(next, -6, 6),
      mirror: next() < 0.35,
    };
    const object = await renderObject(placed, {
      width: Math.round(width * placed.maxWidth),
      height: Math.round(height * placed.maxHeight),
    });
    const left = Math.round(width * placed.x - object.width / 2);
    const top = floorY - object.height;
    // Cast shadow away from the light, lying on the floor behind the object.
    const cast = await castShadow(object.data, object.width, object.height, 0.2, 0.3);
    const lean = lightFromLeft ? 1 : -1;
    layers.push({
      input: cast.data,
      left: Math.round(left + lean * object.width * 0.14 - 40),
      top: Math.round(floorY + 12 - cast.info.height + 40),
    });
    // Contact shadow: a dark, tight ellipse where it stands.
    const contact = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${object.width + 120}" height="120">
  <defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="9"/></filter></defs>
  <ellipse cx="${(object.width + 120) / 2}" cy="60" rx="${object.width * 0.42}" ry="14" fill="#000" fill-opacity="0.38" filter="url(#b)"/>
</svg>`);
    layers.push({ input: contact, left: left - 60, top: floorY - 66 });
    layers.push({ input: object.data, left, top });
  }
  // Grain: photos are never perfectly smooth. Drawn from the shot's own generator, so that a
  // new run of scripts/demo-photos.ts writes the same bytes.
  const grain = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p += 1) {
    const value = 128 + Math.round((next() + next() + next() - 1.5) * 18);
    grain.fill(value, p * 3, p * 3 + 3);
  }
  return sharp(background)
    .composite([...layers, { input: grain, raw: { width, height, channels: 3 }, blend: 'soft-light' }])
    .modulate({ brightness: between(next, 0.97, 1.04), saturation: between(next, 0.95, 1.05) })
    .webp({ quality: 82 })
    .toBuffer();
}

/** A profile picture: a face (or a pet) on a colour, lit from above, 400 × 400. */
export async function profilePicture(code: string, color: string): Promise<Buffer> {
  const size = 400;
  const face = await sharp(path.join(assets, `${code}.webp`))
    .trim({ threshold: 1 })
    .resize({ width: 300, height: 300, fit: 'inside', kernel: 'lanczos3' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const backdrop = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><radialGradient id="g" cx="0.5" cy="0.3" r="0.8">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
  </radialGradient></defs>
  <rect width="100%" height="100%" fill="${color}"/><rect width="100%" height="100%" fill="url(#g)"/>
</svg>`);
  return sharp(backdrop)
    .composite([
      {
        input: face.data,
        left: Math.round((size - face.info.width) / 2),
        top: size - face.info.height - 20,
      },
    ])
    .webp({ quality: 82 })
    .toBuffer();
}
