/**
 * The cap on inflated bytes of a PDF, checked before pdf.js reads it. pdf.js inflates a stream into one
 * growing buffer (outside the JavaScript heap, so the worker's heap limit does not see it): a 1 MB file
 * whose content stream inflates to 256 MiB took the server to 2.7 GB. Here every `stream … endstream` of
 * the file is inflated once by zlib (native, fast), counted piece by piece and thrown away, until the
 * total passes the budget, following zlib inside zlib. A stream that is not zlib data (a JPEG, an
 * encrypted stream) counts for what zlib could inflate of it; what escapes this count (encryption, the
 * LZW and run-length filters) is still bounded by the worker's time and memory limits (./pool.ts).
 */
import { createInflate } from 'node:zlib';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/** Layers of zlib inside zlib followed (a filter list `[/FlateDecode /FlateDecode]`, or deeper). */
const MAX_LAYERS = 4;

/** The two bytes a zlib stream starts with (deflate, a 32 KiB window at most, header checksum right). */
const looksLikeZlib = (chunk: Buffer) =>
  chunk.length >= 2 &&
  (chunk[0]! & 0x0f) === 8 &&
  chunk[0]! >> 4 <= 7 &&
  ((chunk[0]! << 8) | chunk[1]!) % 31 === 0;

/**
 * Inflates `data` once, taking each piece from `budget.left` and throwing it away; an output that is
 * itself zlib data is inflated the same way (a bomb wrapped in a second layer). Stops as soon as the
 * budget is spent. A stream that is not zlib data, or cut short, counts for what zlib could inflate.
 */
function inflateLayers(budget: { left: number }, depth = 1) {
  const inflate = createInflate({ chunkSize: 64 * 1024 });
  let inner: ReturnType<typeof inflateLayers> | undefined;
  let first = true;
  const done = new Promise<void>((resolve) => {
    const finish = () => {
      if (inner) {
        inner.end();
        void inner.done.then(resolve);
      } else resolve();
    };
    inflate.on('data', (chunk: Buffer) => {
      budget.left -= chunk.length;
      if (first && depth < MAX_LAYERS && looksLikeZlib(chunk)) inner = inflateLayers(budget, depth + 1);
      first = false;
      inner?.write(chunk);
      if (budget.left < 0) inflate.destroy();
    });
    inflate.once('end', finish);
    inflate.once('close', finish);
    inflate.once('error', finish);
  });
  let ended = false;
  return {
    done,
    write: (chunk: Buffer) => {
      if (!inflate.destroyed) inflate.write(chunk);
    },
    end: () => {
      if (ended) return;
      ended = true;
      if (!inflate.destroyed) inflate.end();
    },
  };
}

/** True when the streams of the PDF, inflated, weigh more than `budget` bytes in all. */
export async function pdfInflatesPast(bytes: Buffer, maxBytes: number): Promise<boolean> {
  const budget = { left: maxBytes };
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) return false;
    at = keyword + STREAM.length;
    // `endstream` itself, or a word that merely contains "stream".
    if (keyword >= 3 && bytes.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    // "stream" without an end of line after it is a word, not the start of a stream's data.
    if (start === at) continue;
    const end = bytes.indexOf(END_STREAM, start);
    const layers = inflateLayers(budget);
    layers.write(bytes.subarray(start, end < 0 ? bytes.length : end));
    layers.end();
    await layers.done;
    if (budget.left < 0) return true;
    at = end < 0 ? bytes.length : end + END_STREAM.length;
  }
}
