/**
 * What runs inside the worker threads of the untrusted-file pool (./pool.ts): each task reads a file a
 * user sent and answers plain data (structured-cloned back to the main thread). The tasks of lib/ are
 * here; a module's own task lives in the module, and src/untrusted-worker.ts gathers them all. Refusals are answered,
 * not thrown: an error crossing a thread loses its class, its code and its French message.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { DOCUMENT_MIME_TYPES, type DocumentMimeType } from '@union/contract';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../errors';
import { pdfInflatesPast } from './pdf-budget';

/** The old binary Office formats share one container (CFB): the extension tells which one it is. */
const CFB_BY_EXTENSION: Record<string, DocumentMimeType> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

/** The accepted type of the content, or undefined (an executable, a text file, an unknown format). */
export async function sniffType({ path, name }: { path: string; name: string }) {
  const found = await fileTypeFromFile(path);
  if (!found) return undefined;
  if (found.mime === 'application/x-cfb') return CFB_BY_EXTENSION[extname(name).toLowerCase()];
  return found.mime in DOCUMENT_MIME_TYPES ? (found.mime as DocumentMimeType) : undefined;
}

/** The searchable text of a PDF is bounded: enough for any real document, never a runaway tsvector. */
export const MAX_TEXT_CHARS = 300_000;

/** Why a PDF's text was not read, besides the pool's own limits (time, memory). */
export type PdfTextAnswer = { texte: string } | { limite: 'inflated' | 'unreadable' };

/**
 * The text of a PDF, read by pdf.js (unpdf's build: see docs/decisions/uploads.md) once the file passed the cap on inflated bytes. A PDF pdf.js
 * cannot open is `unreadable`; one that opens but holds no text (a scan) answers an empty text.
 */
export async function pdfText({
  path,
  maxInflated,
}: {
  path: string;
  maxInflated: number;
}): Promise<PdfTextAnswer> {
  const bytes = await readFile(path);
  if (await pdfInflatesPast(bytes, maxInflated)) return { limite: 'inflated' };
  const { getDocument } = await import('unpdf/pdfjs');
  let pdf;
  try {
    pdf = await getDocument({
      data: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch {
    return { limite: 'unreadable' };
  }
  let text = '';
  try {
    for (let page = 1; page <= pdf.numPages && text.length < MAX_TEXT_CHARS; page++) {
      const content = await (await pdf.getPage(page)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    }
  } catch {
    // A page past the first that cannot be read: the text of the pages before it is kept.
    if (!text) return { limite: 'unreadable' };
  } finally {
    await pdf.destroy();
  }
  // NUL characters cannot be stored in a text column.
  return { texte: text.replaceAll('\u0000', '').slice(0, MAX_TEXT_CHARS) };
}

/** A refusal as it crosses the thread: rebuilt into an AppError on the other side. */
export interface Refusal {
  status: number;
  code: AppError['code'];
  message: string;
  details?: string[];
}

/** A task's refusal as an answer: an AppError the task threw, as plain data. Anything else is thrown. */
export function asRefusal(error: unknown): { refusal: Refusal } {
  if (!(error instanceof AppError)) throw error;
  return {
    refusal: { status: error.status, code: error.code, message: error.message, details: error.details },
  };
}

/**
 * Loads the parsers, so that a task's time limit counts its own work only (see ./pool.ts). unpdf's build
 * of pdf.js holds its worker code in the same module: nothing is left to load inside a task.
 */
export async function warm(): Promise<void> {
  await import('unpdf/pdfjs');
}
