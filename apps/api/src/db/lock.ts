/**
 * One process per PGlite data directory. PGlite has no lock of its own: two processes opening one
 * directory both accept writes, hand out the same ids, and one of them loses its acknowledged writes.
 * Whatever opens the directory (the server, `admin:create`) first takes this lock, held for the life
 * of the process and released when it closes the database or exits.
 *
 * The lock is a file in the directory naming its holder: process id, host and the process's start
 * time. A holder that died without releasing it (`kill -9`, a crash, a power cut) is recognised
 * because no process with that id is running, or because the id now belongs to another process that
 * started at another time (ids are reused). No clock or file age is trusted, so a holder that is busy
 * or suspended for a long time keeps its lock. See docs/decisions/build-and-delivery.md.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { parisNow } from '@union/contract';

export const LOCK_FILE_NAME = 'union-intranet.lock';

/** What the lock file holds. `nonce` tells two holders apart even with the same pid and start. */
interface LockOwner {
  pid: number;
  host: string;
  /** The process's start as the operating system reports it; null when it cannot be read. */
  start: string | null;
  since: string;
  nonce: string;
}

/** Refusal to open a data directory another running instance holds: its message is for the operator. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: Partial<LockOwner>,
    readonly lockFile: string,
  ) {
    super(lockedMessage(dataDir, owner, lockFile));
    this.name = 'DataDirLockedError';
  }
}

/**
 * Refusal to open a data directory other accounts of the machine may enter: the database's files hold
 * everyone's habilitations and password hashes, and PGlite writes them as the umask lets it.
 */
export class DataDirOpenError extends Error {
  constructor(
    readonly dataDir: string,
    mode: number,
  ) {
    const octal = (mode & 0o777).toString(8).padStart(4, '0');
    super(
      `Le dossier de données ${dataDir} est ouvert aux autres comptes de la machine (droits ${octal}) : ` +
        'n’importe quel compte local pourrait lire ou changer la base (comptes, habilitations). ' +
        `Fermez-le avant de démarrer : chmod -R o-rwx ${dataDir} (le serveur crée lui-même ses dossiers en 0700).`,
    );
    this.name = 'DataDirOpenError';
  }
}

/**
 * Makes every folder under `dir` 0700 and every file 0600. PGlite's file system sets its files' modes
 * itself (0666, whatever the process's umask): this runs as the database opens and as it closes. The
 * files it creates in between are in a 0700 folder, which other accounts cannot enter.
 */
export function makePrivate(dir: string): void {
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if ((stat.mode & 0o777) !== wanted) chmodSync(path, wanted);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
}

const dateTime = (iso: string | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  const { day, time } = parisNow(date);
  return `${day.split('-').reverse().join('/')} à ${time}`;
};

function lockedMessage(dataDir: string, owner: Partial<LockOwner>, lockFile: string): string {
  const sameHost = owner.host === hostname();
  const since = dateTime(owner.since);
  const who =
    `processus ${owner.pid ?? 'inconnu'}` +
    (sameHost ? ' sur cette machine' : ` sur la machine « ${owner.host ?? 'inconnue'} »`) +
    (since ? `, démarrée le ${since}` : '');
  return (
    `Le dossier de données ${dataDir} est déjà utilisé par une autre instance de l'Intranet (${who}). ` +
    'Deux instances sur le même dossier perdraient des données : arrêtez l’autre instance avant de ' +
    'démarrer celle-ci, ou donnez-lui un autre dossier avec la variable DATA_DIR.' +
    (sameHost
      ? ''
      : ` Si aucune instance ne tourne plus sur « ${owner.host ?? 'inconnue'} », supprimez le fichier ${lockFile}.`)
  );
}

let bootId: string | null | undefined;
/** Linux's id of the current boot: start times count from the boot, so they are compared with it. */
function currentBootId(): string | null {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = null;
    }
  }
  return bootId;
}

/**
 * When process `pid` started, as a string that differs for two processes given the same id: on Linux
 * the boot id and the start in clock ticks (/proc/PID/stat, field 22), elsewhere `ps`'s start date.
 * Null when the process does not exist or its start cannot be read.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19]; // field 22 of the line, the 20th after the name
    if (ticks) return `${currentBootId() ?? 'linux'}:${ticks}`;
  } catch {
    // No /proc (macOS, BSD) or no such process: ask ps below.
  }
  if (process.platform === 'linux' || process.platform === 'win32') return null;
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started || null;
  } catch {
    return null;
  }
}

/** Whether the process named by a lock file is still the one running: false means the lock is stale. */
function holderAlive(owner: Partial<LockOwner>): boolean {
  // On another machine (a shared disk) nothing can be checked: the lock is taken as held.
  if (owner.host !== hostname()) return true;
  if (typeof owner.pid !== 'number' || !Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The id is in use: by the holder, or by a newer process that was given the same id.
  if (!owner.start) return true;
  const start = processStart(owner.pid);
  return start === null || start === owner.start;
}

function readOwner(path: string): Partial<LockOwner> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as Partial<LockOwner>;
  } catch {
    // Files are written whole before being linked into place: unreadable content is not a holder's.
    return {};
  }
}

const sameOwner = (a: Partial<LockOwner> | undefined, b: Partial<LockOwner> | undefined) =>
  a !== undefined && b !== undefined && a.nonce === b.nonce && a.pid === b.pid;

function tryUnlink(path: string) {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still this process's. Safe to call twice. */
  release(): void;
}

/**
 * Takes the lock of a data directory (created if missing) or throws DataDirLockedError. The lock is
 * released by `release()`, and in any case when the process exits normally; a process killed outright
 * leaves a file the next one recognises as stale.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const dir = resolve(dataDir);
  // Private from its creation (the process's umask may be wider); an existing one open to others is
  // refused rather than changed behind the operator's back.
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode } = statSync(dir);
  if (mode & 0o007) throw new DataDirOpenError(dir, mode);
  const file = join(dir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: process.pid,
    host: hostname(),
    start: processStart(process.pid),
    since: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
  // Written whole beside the lock, then linked into place: link() fails if the lock exists, so two
  // processes can never both create it, and a reader never sees a half-written file.
  const draft = `${file}.${process.pid}.${me.nonce}.tmp`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        linkSync(draft, file);
        return heldLock(file, me);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = readOwner(file);
      if (owner === undefined) continue; // released meanwhile: try again
      if (holderAlive(owner)) throw new DataDirLockedError(dir, owner, file);
      removeStale(file, owner);
    }
    throw new Error(`Impossible de prendre le verrou ${file} : réessayez.`);
  } finally {
    tryUnlink(draft);
  }
}

/**
 * Moves a stale lock out of the way without ever removing a live one: another process may have judged
 * it stale at the same moment and already put its own lock in place. The file is first renamed to a
 * name of ours (atomic), then checked: if it is not the stale one we judged, it is put back.
 */
function removeStale(file: string, stale: Partial<LockOwner>) {
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw error;
  }
  if (sameOwner(readOwner(aside), stale)) {
    tryUnlink(aside);
    return;
  }
  // A live lock taken in between: put it back. Should a third process have linked its own in the
  // instant it was away, that one stays (the caller then finds it alive and refuses).
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    tryUnlink(aside);
  }
}

function heldLock(file: string, me: LockOwner): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own: never remove a lock another process holds.
    try {
      if (sameOwner(readOwner(file), me)) tryUnlink(file);
    } catch {
      // Unreadable now (directory gone, permissions): nothing of ours left to remove.
    }
  };
  process.on('exit', release);
  return { file, release };
}

/**
 * For the scripts that open the database (server, admin:create): a locked or open directory ends the process
 * with its French message and exit code 1, not a stack trace. Any other error is thrown on.
 */
export function exitIfLocked(error: unknown): never {
  if (error instanceof DataDirLockedError || error instanceof DataDirOpenError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
