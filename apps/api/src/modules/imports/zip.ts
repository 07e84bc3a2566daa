/**
 * A guard against "zip bombs": an .xlsx is a ZIP archive, and a few kilobytes of it can inflate to
 * gigabytes. The workbook reader inflates everything in memory, so the archive is measured first, from
 * its central directory, and each entry is inflated once with a hard output limit: an entry that
 * inflates past its declared size (a lying archive) is caught as well.
 */
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';

/** Why an archive is refused: unreadable, or bigger than allowed once inflated. */
export type ZipProblem = 'unreadable' | 'too_large';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** ZIP64 marks its sizes with this value; no workbook under 5 MB needs it. */
const ZIP64_MARK = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

/** Where the central directory is, from the end-of-central-directory record (at most 64 kB from the end). */
function findCentralDirectory(view: DataView): { offset: number; entries: number } | undefined {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) !== EOCD_SIGNATURE) continue;
    return { entries: view.getUint16(at + 10, true), offset: view.getUint32(at + 16, true) };
  }
  return undefined;
}

/**
 * Checks that the archive's entries, inflated, weigh at most `maxBytes` in all. Answers the problem
 * found, or undefined when the archive may be read.
 */
export function zipProblem(bytes: Uint8Array, maxBytes: number): ZipProblem | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = findCentralDirectory(view);
  if (!directory) return 'unreadable';
  let budget = maxBytes;
  let at = directory.offset;
  try {
    for (let i = 0; i < directory.entries; i++) {
      if (view.getUint32(at, true) !== CENTRAL_SIGNATURE) return 'unreadable';
      const method = view.getUint16(at + 10, true);
      const compressedSize = view.getUint32(at + 20, true);
      const declaredSize = view.getUint32(at + 24, true);
      const localOffset = view.getUint32(at + 42, true);
      at +=
        46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      if (declaredSize === ZIP64_MARK || compressedSize === ZIP64_MARK || declaredSize > budget)
        return 'too_large';
      budget -= declaredSize;
      if (view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) return 'unreadable';
      const dataStart =
        localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
      const data = bytes.subarray(dataStart, dataStart + compressedSize);
      if (method === STORED) {
        if (compressedSize !== declaredSize) return 'unreadable';
      } else if (method === DEFLATED) {
        // One byte more than declared is enough to know the entry lied about its size.
        const inflated = inflateRawSync(data, { maxOutputLength: declaredSize + 1 });
        if (inflated.length !== declaredSize) return 'unreadable';
      } else {
        return 'unreadable';
      }
    }
  } catch (error) {
    // The entry inflates past the size it declared: a lying archive.
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'too_large';
    // Offsets past the end (a truncated file) or a broken deflate stream.
    return 'unreadable';
  }
  return undefined;
}

/** One file of an archive already checked by `zipProblem`. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  dataStart: number;
}

/** The entries of an archive that `zipProblem` accepted, by name. */
export function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = findCentralDirectory(view);
  const entries = new Map<string, ZipEntry>();
  if (!directory) return entries;
  let at = directory.offset;
  for (let i = 0; i < directory.entries; i++) {
    const nameLength = view.getUint16(at + 28, true);
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    const localOffset = view.getUint32(at + 42, true);
    entries.set(name, {
      name,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      dataStart:
        localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** Size of the pieces an entry is inflated in: only a few of them are in memory at once. */
const CHUNK = 64 * 1024;

/**
 * The inflated content of an entry as a stream of text, read piece by piece: a reader that stops
 * early (the row limit) never inflates the rest. Destroy the stream to stop.
 */
export function entryStream(bytes: Uint8Array, entry: ZipEntry): Readable {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const source = Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += CHUNK) yield Buffer.from(data.subarray(at, at + CHUNK));
    })(),
    { objectMode: false },
  );
  const stream = entry.method === STORED ? source : source.pipe(createInflateRaw({ chunkSize: CHUNK }));
  stream.setEncoding('utf8');
  // The source stops being read when the inflater is destroyed.
  stream.on('close', () => source.destroy());
  return stream;
}
