/**
 * `npm run backup` while the server runs on PGlite: the data directory belongs to the server (one
 * process per directory, db/lock.ts), so the command asks the server to take the backup, through a
 * local socket only the server's own account may use (mode 0600, and the command checks its owner).
 * The socket is not in DATA_DIR: PGlite's copy of the directory cannot read a socket file. It is in the
 * system's temporary folder, named after the data directory.
 *
 * Protocol: one JSON line each way. The command sends `{"fichier": "/full/path"}`; the server takes
 * the backup (its own BACKUP_PASSPHRASE) and answers `{"ok": true, "taille": …, "chiffree": …}` or
 * `{"ok": false, "message": "…"}`.
 */
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../../db/client';
import { takeBackup } from './backup';

export const backupSocketPath = (dataDir: string) =>
  join(
    tmpdir(),
    `union-intranet-${createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)}.sock`,
  );

const ownedByMe = (path: string) => {
  const stats = lstatSync(path);
  return stats.isSocket() && (process.getuid === undefined || stats.uid === process.getuid());
};

export interface BackupReply {
  ok: boolean;
  taille?: number;
  chiffree?: boolean;
  message?: string;
}

/** The server's side; started only on PGlite, by the process that holds the data directory. */
export async function startBackupControl(options: {
  handle: DbHandle;
  dataDir: string;
  passphrase?: string;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> {
  const path = backupSocketPath(options.dataDir);
  try {
    // Left by a server of this directory that died: ours now, since we hold the directory's lock.
    if (ownedByMe(path)) unlinkSync(path);
  } catch {
    // Nothing there.
  }
  const server: Server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (input.length > 64 * 1024) return socket.destroy(); // no request is that long
      if (!input.includes('\n')) return;
      socket.pause();
      const reply = (body: BackupReply) => socket.end(`${JSON.stringify(body)}\n`);
      let fichier: unknown;
      try {
        fichier = (JSON.parse(input.slice(0, input.indexOf('\n'))) as { fichier?: unknown }).fichier;
      } catch {
        fichier = undefined;
      }
      if (typeof fichier !== 'string' || !fichier) return reply({ ok: false, message: 'Demande illisible.' });
      takeBackup(options.handle, {
        target: fichier,
        origine: 'manuelle',
        passphrase: options.passphrase,
      }).then(
        (row) => reply({ ok: true, taille: row.taille ?? 0, chiffree: row.chiffree }),
        (error: unknown) => {
          options.log.error({ err: error }, 'backup asked by npm run backup failed');
          reply({ ok: false, message: (error as Error).message });
        },
      );
    });
  });
  try {
    await new Promise<void>((resolvePromise, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolvePromise());
    });
    chmodSync(path, 0o600);
  } catch (error) {
    options.log.warn(
      { err: error, path },
      'backup socket unavailable: npm run backup cannot reach this server (the daily backups still run)',
    );
    return { close: async () => undefined };
  }
  return {
    close: () =>
      new Promise<void>((resolvePromise) => {
        server.close(() => resolvePromise());
      }),
  };
}

/**
 * The command's side: asks the server holding `dataDir` for a backup into `target`. Null when no
 * server of this account listens (none runs: the command then opens the directory itself).
 */
export async function askRunningServer(dataDir: string, target: string): Promise<BackupReply | null> {
  const path = backupSocketPath(dataDir);
  try {
    if (!ownedByMe(path)) return null;
  } catch {
    return null;
  }
  return new Promise((resolvePromise, reject) => {
    const socket = createConnection(path);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ fichier: resolve(target) })}\n`));
    socket.on('data', (chunk: string) => (output += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? resolvePromise(null) : reject(error),
    );
    socket.on('end', () => {
      try {
        resolvePromise(JSON.parse(output) as BackupReply);
      } catch {
        reject(new Error('Le serveur a interrompu la sauvegarde sans répondre.'));
      }
    });
  });
}
