/**
 * The backup file: one file holding everything (DECISIONS §8), in clear or encrypted with age.
 *
 *   UNION-INTRANET-SAUVEGARDE\n            the magic line
 *   {"version":1,"moteur":…,…}\n           the header: engine, payload kind, size and SHA-256
 *   <payload>                              PGlite: the data directory as a tar compressed with brotli
 *                                          (gzip in backups of earlier versions, still restored);
 *                                          PostgreSQL: pg_dump's custom format
 *
 * Encrypted, the whole of it is an age file (passphrase, scrypt): it begins `age-encryption.org/v1`;
 * the key is derived off the main thread (passphrase.ts).
 * The payload's size and hash are checked before a restore touches anything, so a cut or damaged file
 * is refused rather than half restored. Files are written beside their target as `.partial`, then
 * renamed: a failed backup never leaves a file that looks like a good one.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { PassphraseIdentity, PassphraseRecipient } from './passphrase.js';

export const MAGIC = 'UNION-INTRANET-SAUVEGARDE\n';
const AGE_MAGIC = 'age-encryption.org/v1';
/** The magic line and the header are read from the file's first bytes (the header lists the migrations). */
const HEADER_MAX = 256 * 1024;

export interface BackupHeader {
  version: 1;
  moteur: 'pglite' | 'postgres';
  /** What the payload is, so a restore knows which tool reads it. */
  contenu: 'pglite-datadir-tar-br' | 'pglite-datadir-tar-gz' | 'pg_dump-custom';
  creeLe: string;
  /** The migrations applied to the database backed up (a restore refuses one this code does not know). */
  migrations: string[];
  taille: number;
  sha256: string;
}

/** A refusal about a backup file or its restore, with a French message for the operator. */
export class BackupError extends Error {
  override name = 'BackupError';
}

async function fileSha256(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes `target`: the header, then the payload file's bytes, encrypted when a passphrase is given.
 * Streams: a payload larger than memory is fine. Answers the size of the file written.
 */
export async function writeBackupFile(
  target: string,
  header: Omit<BackupHeader, 'version' | 'taille' | 'sha256'>,
  payloadPath: string,
  passphrase?: string,
): Promise<number> {
  const { size, sha256 } = await fileSha256(payloadPath);
  const head = `${MAGIC}${JSON.stringify({ version: 1, ...header, taille: size, sha256 } satisfies BackupHeader)}\n`;
  async function* plain() {
    yield Buffer.from(head, 'utf8');
    yield* createReadStream(payloadPath) as AsyncIterable<Buffer>;
  }
  let source: Readable = Readable.from(plain());
  if (passphrase) {
    const encrypter = new Encrypter();
    encrypter.addRecipient(new PassphraseRecipient(passphrase));
    const encrypted = await encrypter.encrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
    source = Readable.fromWeb(encrypted as WebReadableStream<Uint8Array>);
  }
  const partial = `${target}.partial`;
  try {
    // 0600: the file holds the members of every lodge.
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw new BackupError(writeFailure(target, error as NodeJS.ErrnoException), { cause: error });
  }
  return (await stat(target)).size;
}

/** Why a backup file could not be written, for the operator and the administration's history. */
export function writeFailure(target: string, error: NodeJS.ErrnoException): string {
  const folder = dirname(target);
  switch (error.code) {
    case 'ENOENT':
      return `Le dossier ${folder} n’existe pas : créez-le ou corrigez BACKUP_DIR.`;
    case 'EACCES':
    case 'EPERM':
      return `Le serveur n’a pas le droit d’écrire dans le dossier ${folder}.`;
    case 'ENOSPC':
      return `Plus de place sur le disque du dossier ${folder}.`;
    default:
      return `Le fichier ${target} n’a pas pu être écrit : ${error.message}`;
  }
}

export interface OpenedBackup {
  header: BackupHeader;
  encrypted: boolean;
  /** A file holding the payload alone (checked against the header's size and hash). */
  payloadPath: string;
  /** Deletes the clear copies made while reading. */
  dispose(): Promise<void>;
}

async function firstBytes(path: string, length: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Opens a backup file for a restore: decrypts it when it is encrypted (with `passphrase`), reads its
 * header and checks the payload's size and hash. Every refusal is a BackupError with a French message.
 */
export async function openBackupFile(path: string, passphrase?: string): Promise<OpenedBackup> {
  let start: Buffer;
  try {
    start = await firstBytes(path, HEADER_MAX);
  } catch (error) {
    throw new BackupError(
      `Impossible de lire le fichier de sauvegarde ${path} : ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'il n’existe pas' : (error as Error).message}.`,
    );
  }
  // A folder of our own (0700) for the clear copies: never readable by another account.
  const work = await mkdtemp(join(tmpdir(), 'union-restauration-'));
  const dispose = () => rm(work, { recursive: true, force: true });
  try {
    const encrypted = start.subarray(0, AGE_MAGIC.length).toString('latin1') === AGE_MAGIC;
    let plainPath = path;
    if (encrypted) {
      if (!passphrase)
        throw new BackupError(
          'Cette sauvegarde est chiffrée : donnez sa phrase de passe dans la variable BACKUP_PASSPHRASE.',
        );
      plainPath = join(work, 'clair');
      const decrypter = new Decrypter();
      decrypter.addIdentity(new PassphraseIdentity(passphrase));
      let clear: ReadableStream<Uint8Array>;
      try {
        clear = await decrypter.decrypt(Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>);
      } catch {
        throw new BackupError(
          'La phrase de passe (BACKUP_PASSPHRASE) ne déchiffre pas cette sauvegarde : vérifiez-la, ou le fichier est abîmé.',
        );
      }
      try {
        await pipeline(
          Readable.fromWeb(clear as WebReadableStream<Uint8Array>),
          createWriteStream(plainPath, { mode: 0o600 }),
        );
      } catch {
        throw new BackupError(
          'La sauvegarde chiffrée est abîmée ou incomplète : elle ne peut pas être restaurée.',
        );
      }
      start = await firstBytes(plainPath, HEADER_MAX);
    }
    const text = start.toString('latin1');
    const end = text.indexOf('\n', MAGIC.length);
    if (!text.startsWith(MAGIC) || end < 0)
      throw new BackupError(`${path} n’est pas une sauvegarde de l’Intranet de l’Union.`);
    let header: BackupHeader;
    try {
      header = JSON.parse(start.subarray(MAGIC.length, end).toString('utf8')) as BackupHeader;
    } catch {
      throw new BackupError(`L’en-tête de la sauvegarde ${path} est illisible.`);
    }
    if (header.version !== 1)
      throw new BackupError(
        `Cette sauvegarde est d’un format plus récent (${String(header.version)}) : restaurez-la avec la version de l’Intranet qui l’a écrite.`,
      );
    // The payload alone, in a file of its own: pg_restore and PGlite read a whole file.
    const payloadPath = join(work, 'contenu');
    await pipeline(
      createReadStream(plainPath, { start: end + 1 }),
      createWriteStream(payloadPath, { mode: 0o600 }),
    );
    if (encrypted) await rm(plainPath, { force: true });
    const { size, sha256 } = await fileSha256(payloadPath);
    if (size !== header.taille || sha256 !== header.sha256)
      throw new BackupError(
        `La sauvegarde ${path} est incomplète ou abîmée (${size} octets au lieu de ${header.taille}, ou contenu modifié) : elle ne peut pas être restaurée.`,
      );
    return { header, encrypted, payloadPath, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
