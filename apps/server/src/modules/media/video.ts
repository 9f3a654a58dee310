import { type FileHandle, open } from 'node:fs/promises';
import { createFile, Log, type Movie } from 'mp4box';
import type { DetectedFileType } from '../../lib/file-type.ts';

// mp4box prints what it cannot parse (e.g. a '©xyz' box) with console.error, and its quietest
// level still includes errors. What matters reaches us as a refusal or as boxes we then blank,
// so its own printing is switched off.
Log.error = () => {};

/**
 * Videos are never decoded or re-encoded here: the container is parsed, refused when it is not
 * a well-formed MP4/QuickTime/AVI, and its metadata boxes are overwritten in place — the same
 * size, so every sample offset stays right (docs/decisions/012-video-and-heic.md).
 */
export class InvalidVideoError extends Error {
  constructor(reason: string) {
    super(`invalid video: ${reason}`);
    this.name = 'InvalidVideoError';
  }
}

/** Larger `moov` boxes are refused: a phone's 200 MB video has one of a few hundred KB. */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;

/** Top-level boxes a plain or fragmented MP4/QuickTime file may hold. */
const TOP_LEVEL = new Set([
  'ftyp',
  'moov',
  'mdat',
  'free',
  'skip',
  'wide',
  'uuid',
  'meta',
  'udta',
  'moof',
  'mfra',
  'sidx',
  'styp',
  'pdin',
  'prft',
]);
/** Boxes that only carry descriptive data (places, dates, device, titles, XMP): erased. */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid', 'XMP_']);
/** Containers searched for metadata boxes. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'edts', 'mvex', 'moof', 'traf']);
/** Boxes with creation/modification times, erased to 0 (version 0: 32-bit, version 1: 64-bit). */
const TIMED = new Set(['mvhd', 'tkhd', 'mdhd']);

interface Box {
  type: string;
  start: number;
  size: number;
  headerSize: number;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function isBoxType(type: string): boolean {
  // Four printable Latin-1 characters ('©' is 0xA9 in QuickTime atoms).
  return /^[\x20-\x7e\xa9]{4}$/.test(type);
}

/** The boxes in [start, end) of a buffer, or an error when they do not tile it exactly. */
function childBoxes(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) throw new InvalidVideoError('trailing bytes in a box');
    let size = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    let headerSize = 8;
    if (size === 1) {
      if (end - at < 16) throw new InvalidVideoError('short large box');
      size = Number(data.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (!isBoxType(type) || size < headerSize || at + size > end)
      throw new InvalidVideoError(`bad box ${JSON.stringify(type)}`);
    boxes.push({ type, start: at, size, headerSize });
    at += size;
  }
  return boxes;
}

async function topLevelBoxes(handle: FileHandle, fileSize: number): Promise<Box[]> {
  const boxes: Box[] = [];
  let at = 0;
  while (at < fileSize) {
    const header = await readAt(handle, at, 16);
    if (header.length < 8) throw new InvalidVideoError('trailing bytes');
    const type = header.toString('latin1', 4, 8);
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) throw new InvalidVideoError('short large box');
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) {
      size = fileSize - at;
    }
    if (!isBoxType(type) || size < headerSize || at + size > fileSize)
      throw new InvalidVideoError(`bad top-level box ${JSON.stringify(type)}`);
    if (!TOP_LEVEL.has(type)) throw new InvalidVideoError(`unexpected top-level box ${JSON.stringify(type)}`);
    boxes.push({ type, start: at, size, headerSize });
    at += size;
  }
  return boxes;
}

/**
 * Parses `ftyp` + `moov` with mp4box.js. Undefined when it cannot make a movie of them, or
 * when a sample of any track lies outside the file (a sample table pointing nowhere).
 */
function parseMovie(ftyp: Buffer, moov: Buffer, fileSize: number): Movie | undefined {
  const file = createFile();
  let movie: Movie | undefined;
  let failed = false;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = () => {
    failed = true;
  };
  const joined = Buffer.concat([ftyp, moov]);
  const buffer = joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.length) as ArrayBuffer & {
    fileStart: number;
  };
  buffer.fileStart = 0;
  try {
    file.appendBuffer(buffer as never);
    file.flush();
  } catch {
    return undefined;
  }
  if (failed || !movie) return undefined;
  for (const track of movie.tracks) {
    for (const sample of file.getTrackById(track.id)?.samples ?? []) {
      if (sample.offset < 0 || sample.offset + sample.size > fileSize) return undefined;
    }
  }
  return movie;
}

/** Offsets (in `moov`) of everything to erase: metadata boxes and creation times. */
function metadataEdits(moov: Buffer): { erase: Box[]; times: Box[] } {
  const erase: Box[] = [];
  const times: Box[] = [];
  const walk = (start: number, end: number) => {
    for (const child of childBoxes(moov, start, end)) {
      if (METADATA_BOXES.has(child.type)) erase.push(child);
      else if (TIMED.has(child.type)) times.push(child);
      else if (CONTAINERS.has(child.type)) walk(child.start + child.headerSize, child.start + child.size);
    }
  };
  const root = childBoxes(moov, 0, moov.length)[0] as Box;
  walk(root.headerSize, root.size);
  return { erase, times };
}

/** A box turned into `free` padding of the same size: readers skip it, offsets stay valid. */
function freeBox(box: Box): Buffer {
  const out = Buffer.alloc(box.size);
  if (box.headerSize === 16) {
    out.writeUInt32BE(1, 0);
    out.write('free', 4, 'latin1');
    out.writeBigUInt64BE(BigInt(box.size), 8);
  } else {
    out.writeUInt32BE(box.size, 0);
    out.write('free', 4, 'latin1');
  }
  return out;
}

async function cleanIsoMedia(handle: FileHandle, fileSize: number): Promise<void> {
  const boxes = await topLevelBoxes(handle, fileSize);
  const [first] = boxes;
  if (first?.type !== 'ftyp') throw new InvalidVideoError('no ftyp first');
  const moovs = boxes.filter((b) => b.type === 'moov');
  if (moovs.length !== 1) throw new InvalidVideoError('expected one moov');
  if (!boxes.some((b) => b.type === 'mdat')) throw new InvalidVideoError('no media data');
  const moovBox = moovs[0] as Box;
  if (moovBox.size > MAX_MOOV_BYTES) throw new InvalidVideoError('moov too large');

  const ftyp = await readAt(handle, first.start, first.size);
  const moov = await readAt(handle, moovBox.start, moovBox.size);
  const movie = parseMovie(ftyp, moov, fileSize);
  if (!movie || movie.tracks.length === 0 || movie.videoTracks.length === 0)
    throw new InvalidVideoError('no video track');

  const { erase, times } = metadataEdits(moov);
  for (const box of erase) await handle.write(freeBox(box), 0, box.size, moovBox.start + box.start);
  for (const box of times) {
    const version = moov[box.start + box.headerSize] ?? 0;
    const width = version === 1 ? 16 : 8;
    await handle.write(Buffer.alloc(width), 0, width, moovBox.start + box.start + box.headerSize + 4);
  }
  // Metadata at the top level (`meta`, `udta`, XMP in `uuid`) goes the same way.
  for (const box of boxes) {
    if (!METADATA_BOXES.has(box.type)) continue;
    // Written in pieces: a top-level box may be large.
    const header = freeBox({ ...box, size: box.headerSize === 16 ? 16 : 8 });
    if (box.headerSize === 16) header.writeBigUInt64BE(BigInt(box.size), 8);
    else header.writeUInt32BE(box.size, 0);
    await handle.write(header, 0, header.length, box.start);
    const zeros = Buffer.alloc(Math.min(box.size - box.headerSize, 1024 * 1024));
    for (let at = box.start + box.headerSize; at < box.start + box.size; at += zeros.length) {
      await handle.write(zeros, 0, Math.min(zeros.length, box.start + box.size - at), at);
    }
  }

  // The result must still parse.
  const cleaned = await readAt(handle, moovBox.start, moovBox.size);
  if (!parseMovie(ftyp, cleaned, fileSize)) throw new InvalidVideoError('unreadable after cleaning');
}

interface Chunk {
  id: string;
  start: number;
  size: number;
  /** LIST form type, for LIST chunks. */
  form?: string;
}

function riffChunks(data: Buffer, start: number, end: number): Chunk[] {
  const chunks: Chunk[] = [];
  let at = start;
  while (at + 8 <= end) {
    const id = data.toString('latin1', at, at + 4);
    const size = data.readUInt32LE(at + 4);
    if (!/^[\x20-\x7e]{4}$/.test(id) || at + 8 + size > end)
      throw new InvalidVideoError(`bad RIFF chunk ${JSON.stringify(id)}`);
    chunks.push({ id, start: at, size, form: id === 'LIST' ? data.toString('latin1', at + 8, at + 12) : undefined });
    at += 8 + size + (size % 2);
  }
  return chunks;
}

/**
 * AVI: a RIFF 'AVI ' file whose first list is the `hdrl` header with an `avih` main header and
 * a `movi` list of frames. INFO lists (software, dates, names) and dated `IDIT` chunks become
 * `JUNK` filler. The frame chunks are read a header at a time, never whole.
 */
async function cleanAvi(handle: FileHandle, fileSize: number): Promise<void> {
  const head = await readAt(handle, 0, 12);
  if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'AVI ')
    throw new InvalidVideoError('not RIFF AVI');
  const riffEnd = 8 + head.readUInt32LE(4);
  if (riffEnd > fileSize) throw new InvalidVideoError('RIFF larger than file');
  const top: Chunk[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const header = await readAt(handle, at, 12);
    const id = header.toString('latin1', 0, 4);
    const size = header.readUInt32LE(4);
    if (!/^[\x20-\x7e]{4}$/.test(id) || at + 8 + size > riffEnd)
      throw new InvalidVideoError(`bad AVI chunk ${JSON.stringify(id)}`);
    top.push({ id, start: at, size, form: id === 'LIST' ? header.toString('latin1', 8, 12) : undefined });
    at += 8 + size + (size % 2);
  }
  const hdrl = top[0];
  if (hdrl?.form !== 'hdrl' || hdrl.size > MAX_MOOV_BYTES) throw new InvalidVideoError('no hdrl');
  if (!top.some((c) => c.form === 'movi')) throw new InvalidVideoError('no movi');
  const header = await readAt(handle, hdrl.start, 8 + hdrl.size);
  const inHeader = riffChunks(header, 12, header.length);
  if (inHeader[0]?.id !== 'avih') throw new InvalidVideoError('no avih');

  const junk = async (chunk: Chunk, base: number) => {
    const filler = Buffer.alloc(8 + chunk.size);
    filler.write('JUNK', 0, 'latin1');
    filler.writeUInt32LE(chunk.size, 4);
    await handle.write(filler, 0, filler.length, base + chunk.start);
  };
  for (const chunk of top) if (chunk.form === 'INFO' || chunk.id === 'IDIT') await junk(chunk, 0);
  for (const chunk of inHeader) if (chunk.form === 'INFO' || chunk.id === 'IDIT') await junk(chunk, hdrl.start);
}

/**
 * Checks that the video at `path` is the container its first bytes claim and removes its
 * metadata in place. Throws {@link InvalidVideoError} when it does not parse.
 */
export async function cleanVideo(path: string, type: DetectedFileType): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const { size } = await handle.stat();
    if (type.mime === 'video/x-msvideo') await cleanAvi(handle, size);
    else await cleanIsoMedia(handle, size);
  } catch (error) {
    if (error instanceof InvalidVideoError) throw error;
    throw new InvalidVideoError(error instanceof Error ? error.message : String(error));
  } finally {
    await handle.close();
  }
}
