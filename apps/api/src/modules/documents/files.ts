/**
 * Receiving a file: the upload is streamed to a temporary file while its size is counted (never held
 * whole in memory), its type is read from its content (`file-type`), its name is cleaned, a PDF's text is
 * extracted for the search, and the file is then copied into the database in chunks. The temporary file
 * is removed whatever happens. The content is only ever parsed in the untrusted-file pool
 * (lib/untrusted), never on the main thread.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DocumentMimeType } from '@union/contract';
import type { Executor } from '../../db/client';
import { refused } from '../../lib/errors';
import { firstCharacters, plainFileName } from '../../lib/file-names';
import { runUntrusted, UNTRUSTED_LIMITS, type Limit } from '../../lib/untrusted/pool';
import type { pdfText, sniffType } from '../../lib/untrusted/tasks';
import { CHUNK_BYTES, documentsRepository } from './repository';

export interface StagedFile {
  path: string;
  nom: string;
  mime: DocumentMimeType;
  taille: number;
  sha256: string;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

/** The extension each accepted type is saved with. */
const EXTENSION_OF: Record<DocumentMimeType, string> = {
  'application/pdf': '.pdf',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  'application/vnd.oasis.opendocument.text': '.odt',
  'application/vnd.oasis.opendocument.spreadsheet': '.ods',
  'application/vnd.oasis.opendocument.presentation': '.odp',
  'application/msword': '.doc',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.ms-powerpoint': '.ppt',
};
const JPEG_EXTENSIONS = new Set(['.jpg', '.jpeg']);

/**
 * A name safe to save and to send back in Content-Disposition: no folders, no control, invisible or
 * reserved characters (`plainFileName`), at most 150 characters, and the extension of the type the
 * content really has.
 */
export function cleanFileName(raw: string, mime: DocumentMimeType): string {
  const base = plainFileName(raw);
  const wanted = EXTENSION_OF[mime];
  const ext = extname(base).toLowerCase();
  const fits = ext === wanted || (wanted === '.jpg' && JPEG_EXTENSIONS.has(ext));
  const stem =
    firstCharacters(fits ? base.slice(0, base.length - ext.length) : base, 140).trim() || 'document';
  return `${stem}${fits ? ext : wanted}`;
}

/** Why reading a file gave up, as the publisher reads it after « … : ». */
export function limitReason(limit: Limit | 'inflated' | 'unreadable'): string {
  switch (limit) {
    case 'time':
      return `sa lecture a pris plus de ${UNTRUSTED_LIMITS.timeMs / 1000} secondes`;
    case 'memory':
      return 'sa lecture demandait trop de mémoire';
    case 'busy':
      return 'le serveur lisait déjà trop de fichiers, réessayez dans quelques minutes';
    case 'inflated':
      return `son contenu décompressé dépasse ${megabytes(UNTRUSTED_LIMITS.pdfInflatedBytes)} Mo`;
    case 'unreadable':
      return 'il est illisible ou endommagé';
  }
}

/**
 * The accepted type of the content, or undefined (an executable, a text file, an unknown format). Read
 * off the main thread (see lib/untrusted): a file whose type takes too long to tell is refused.
 */
export async function detectType(path: string, name: string): Promise<DocumentMimeType | undefined> {
  const answer = await runUntrusted<typeof sniffType>('sniffType', { path, name });
  if ('limit' in answer) {
    throw refused(
      'file_limit',
      `Fichier : le type de « ${name} » n'a pas pu être reconnu : ${limitReason(answer.limit)}.`,
    );
  }
  return answer.value;
}

/**
 * The refusal of an upload whose body stopped before its end (a dropped connection, a probe). The
 * multipart parser destroys such a part without an error, sometimes before the route reads it: a pipeline
 * started on it would wait forever for an end that never comes, so each reader checks first.
 */
export function uploadCutShort() {
  return refused(
    'upload_incomplete',
    "Fichier : l'envoi n'a pas été reçu en entier (interrompu ou mal formé) : renvoyez-le.",
  );
}

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Streams an upload to a temporary file, counting its bytes, then checks its type. Throws a 412 with its
 * own code when the file is too large (`file_too_large`), empty (`file_empty`) or of a type not accepted
 * (`file_type`); the temporary file is gone by then.
 */
export async function stageUpload(
  stream: Readable & { truncated?: boolean },
  rawName: string,
  maxBytes: number,
  tmpDir = tmpdir(),
): Promise<StagedFile> {
  const dir = await mkdtemp(join(tmpDir, 'union-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, 'upload');
    const hash = createHash('sha256');
    let taille = 0;
    // Opened before anything can fail, and closed by the pipeline whatever happens: a file left opening
    // when the folder is removed failed later with no one listening (an uncaught ENOENT ends the
    // process), and one left open held its descriptor for ever.
    const file = await open(path, 'w');
    // Checked here, right before the pipeline listens: the part may have been cut short meanwhile.
    if (stream.destroyed) {
      await file.close();
      throw uploadCutShort();
    }
    await pipeline(
      stream,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          taille += chunk.length;
          hash.update(chunk);
          // Past the limit the rest is drained by the parser, never written.
          done(null, taille > maxBytes ? undefined : chunk);
        },
      }),
      file.createWriteStream(),
    );
    if (stream.truncated || taille > maxBytes) {
      throw refused(
        'file_too_large',
        `Fichier : « ${rawName} » dépasse la taille maximale de ${megabytes(maxBytes)} Mo.`,
      );
    }
    if (taille === 0) throw refused('file_empty', `Fichier : « ${rawName} » est vide.`);
    const mime = await detectType(path, rawName);
    if (!mime) {
      throw refused(
        'file_type',
        `Fichier : le contenu de « ${rawName} » n'est ni un PDF, ni une image, ni un document bureautique : ` +
          'seuls ces fichiers sont acceptés.',
      );
    }
    return { path, nom: cleanFileName(rawName, mime), mime, taille, sha256: hash.digest('hex'), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** A PDF's searchable text, or why it has none (told to the publisher; the document is stored anyway). */
export interface ExtractedText {
  texte: string;
  avertissement?: string;
}

/**
 * The text of a PDF (empty for other files), read off the main thread under the limits of
 * lib/untrusted. A PDF past a limit or that cannot be read is still published, found by its title only,
 * and the publisher is told why. A PDF that reads but holds no text (a scan) is no warning.
 */
export async function extractText(file: Pick<StagedFile, 'path' | 'mime'>): Promise<ExtractedText> {
  if (file.mime !== 'application/pdf') return { texte: '' };
  const answer = await runUntrusted<typeof pdfText>('pdfText', {
    path: file.path,
    maxInflated: UNTRUSTED_LIMITS.pdfInflatedBytes,
  });
  const result = 'limit' in answer ? { limite: answer.limit } : answer.value;
  if ('texte' in result) return { texte: result.texte };
  return {
    texte: '',
    avertissement:
      `Le texte de ce PDF n'a pas pu être indexé : ${limitReason(result.limite)}. ` +
      'Le document est publié, mais la recherche ne le trouvera que par son titre.',
  };
}

/** Copies the staged file into the database, chunk by chunk; returns the file's id. */
export async function storeFile(db: Executor, file: StagedFile, at: Date): Promise<number> {
  const fileId = await documentsRepository.insertFile(
    db,
    {
      nom: file.nom,
      mime: file.mime,
      taille: file.taille,
      sha256: file.sha256,
    },
    at,
  );
  let seq = 0;
  for await (const chunk of createReadStream(file.path, { highWaterMark: CHUNK_BYTES })) {
    await documentsRepository.insertChunk(db, fileId, seq++, chunk as Buffer);
  }
  return fileId;
}

/** A stored file as a stream, read chunk by chunk from the database. */
export function readStoredFile(db: Executor, fileId: number): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const data = await documentsRepository.chunk(db, fileId, seq);
      if (!data) return;
      yield data;
    }
  }
  return Readable.from(chunks());
}
