/**
 * An uploaded .xlsx opened as the ZIP archive it is, with yauzl, under a guard against "zip bombs" (a
 * few kilobytes that inflate to gigabytes). The sizes the central directory declares are added up
 * before anything is inflated; then every entry is inflated once, in one native zlib call capped at one
 * byte past its declared size, and dropped: an entry that lies is caught there. So no more than the
 * allowed total is ever inflated, and the reader starts only on an archive that told the truth (yauzl
 * checks the sizes again as the reader inflates, `validateEntrySizes`).
 */
import type { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Why an archive is refused: unreadable, or bigger than allowed once inflated. */
export type ZipProblem = 'unreadable' | 'too_large';

class ZipRefused extends Error {
  constructor(readonly problem: ZipProblem) {
    super(`zip ${problem}`);
  }
}

/** What yauzl says of an entry that inflates past its declared size. */
const LYING_ENTRY = /^too many bytes in the stream/;

/** The problem behind an error thrown while opening or reading an archive. */
export function zipProblemOf(error: unknown): ZipProblem {
  if (error instanceof ZipRefused) return error.problem;
  return error instanceof Error && LYING_ENTRY.test(error.message) ? 'too_large' : 'unreadable';
}

/**
 * Inflates an entry once against its declared size. One native call rather than yauzl's stream: the
 * sheet of a 200,000-row workbook inflates in a fraction of the worker's time limit.
 */
async function checkSize(zip: ZipFile, entry: Entry): Promise<void> {
  const pieces: Buffer[] = [];
  for await (const piece of await zip.openReadStreamPromise(entry, { decodeFileData: false }))
    pieces.push(piece as Buffer);
  const stored = Buffer.concat(pieces);
  if (entry.compressionMethod === 0) {
    if (stored.length !== entry.uncompressedSize) throw new ZipRefused('unreadable');
    return;
  }
  if (entry.compressionMethod !== 8) throw new ZipRefused('unreadable');
  try {
    // One byte more than declared is enough to know the entry lied about its size.
    const inflated = inflateRawSync(stored, { maxOutputLength: entry.uncompressedSize + 1 });
    if (inflated.length !== entry.uncompressedSize) throw new ZipRefused('unreadable');
  } catch (error) {
    if (error instanceof ZipRefused) throw error;
    const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new ZipRefused(tooLarge ? 'too_large' : 'unreadable');
  }
}

/** An archive whose declared sizes passed the guard: its entries by name, each opened as text. */
export interface Archive {
  has(name: string): boolean;
  names(): string[];
  /**
   * The inflated content of an entry, as a stream of text read piece by piece: a reader that stops early
   * (the row limit) never inflates the rest. Destroy the stream to stop.
   */
  open(name: string): Promise<Readable>;
}

/**
 * Opens an archive whose entries weigh at most `maxBytes` in all once inflated. Throws an error that
 * `zipProblemOf` reads: 'too_large' past the limit, 'unreadable' for what is not a ZIP archive.
 */
export async function openArchive(bytes: Uint8Array, maxBytes: number): Promise<Archive> {
  const entries = new Map<string, Entry>();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: ZipFile;
  try {
    // autoClose off: the entries are opened after the directory has been read to its end.
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, autoClose: false });
    let budget = maxBytes;
    for await (const entry of zip.eachEntry()) {
      if (entry.uncompressedSize > budget) throw new ZipRefused('too_large');
      budget -= entry.uncompressedSize;
      entries.set(entry.fileName, entry);
    }
    for (const entry of entries.values()) await checkSize(zip, entry);
  } catch (error) {
    throw new ZipRefused(zipProblemOf(error));
  }
  return {
    has: (name) => entries.has(name),
    names: () => [...entries.keys()],
    async open(name) {
      const entry = entries.get(name);
      if (!entry) throw new ZipRefused('unreadable');
      const stream = await zip.openReadStreamPromise(entry);
      stream.setEncoding('utf8');
      return stream;
    },
  };
}
