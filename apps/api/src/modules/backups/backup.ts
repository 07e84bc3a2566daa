/**
 * One backup, whoever asks (the daily job, `npm run backup`, directly or through the running server):
 * the engine's payload in a private folder beside the target, then the one file (encrypted with the
 * passphrase when there is one), then a row of the history, good or failed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { DbHandle } from '../../db/client';
import { dumpPayload } from './engines';
import { BackupError, writeBackupFile, writeFailure } from './format';
import { backupsRepository, type BackupRow } from './repository';

export interface BackupOptions {
  /** The file to write (its folder must exist). */
  target: string;
  origine: 'quotidienne' | 'manuelle';
  passphrase?: string;
  pgBinDir?: string;
  /** The clock of the history row (tests); the system's by default. */
  now?: () => Date;
}

/** `union-intranet-2026-11-25T03-00-00Z.sauvegarde` (`.age` added when encrypted): sorts by time. */
export const backupFileName = (at: Date, encrypted: boolean) =>
  `union-intranet-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.sauvegarde${encrypted ? '.age' : ''}`;
export const BACKUP_FILE_PATTERN =
  /^union-intranet-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sauvegarde(\.age)?$/;

/**
 * Takes the backup and records it. Answers the history row; a failure is recorded, then thrown on
 * (should the database refuse even that row, the backup's own error is the one thrown).
 */
export async function takeBackup(handle: DbHandle, options: BackupOptions): Promise<BackupRow> {
  const now = options.now ?? (() => new Date());
  const debut = now();
  const target = resolve(options.target);
  let work: string | undefined;
  let taille: number;
  try {
    // The engine's payload waits beside the target, not in the system's temporary folder (often a
    // small memory disk): the target's disk must hold the backup anyway.
    work = await mkdtemp(join(dirname(target), '.union-sauvegarde-')).catch(
      (error: NodeJS.ErrnoException) => {
        throw new BackupError(writeFailure(target, error), { cause: error });
      },
    );
    const payload = join(work, 'contenu');
    const migrations = (await handle.rows<{ tag: string }>('SELECT tag FROM __migrations ORDER BY tag')).map(
      (r) => r.tag,
    );
    const kind = await dumpPayload(handle, payload, { pgBinDir: options.pgBinDir });
    taille = await writeBackupFile(
      target,
      { ...kind, creeLe: debut.toISOString(), migrations },
      payload,
      options.passphrase,
    );
  } catch (error) {
    await backupsRepository
      .record(handle.db, {
        origine: options.origine,
        debut,
        fin: now(),
        reussie: false,
        fichier: null,
        taille: null,
        chiffree: Boolean(options.passphrase),
        erreur: (error as Error).message.slice(0, 2000),
      })
      .catch(() => undefined);
    throw error;
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
  return backupsRepository.record(handle.db, {
    origine: options.origine,
    debut,
    fin: now(),
    reussie: true,
    fichier: target,
    taille,
    chiffree: Boolean(options.passphrase),
    erreur: null,
  });
}
