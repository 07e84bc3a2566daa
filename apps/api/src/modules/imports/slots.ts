/**
 * How many imports run at once. Reading, checking and writing a file of up to 10,000 members is the
 * heaviest thing the server does (CPU, memory, one long transaction): a person who clicks twice, or a
 * few lodges importing at the same moment, must not be able to stack them. At most one import per
 * user and two for the whole process, dry runs included; any other is refused at once with a 412 (not
 * queued: the user is told to try again, and no request waits holding its uploaded file).
 */
import { invalid } from '../../lib/errors';

export const IMPORT_BUSY_MESSAGE = 'Un import est déjà en cours… réessayez dans un instant.';

export interface ImportSlots {
  /** Takes a slot for the user or throws the 412; call the answer once the import is over. */
  take(userId: number): () => void;
  /** Imports running now (for tests and logs). */
  readonly running: number;
}

export function createImportSlots(limits = { perUser: 1, total: 2 }): ImportSlots {
  const byUser = new Map<number, number>();
  let running = 0;
  return {
    take(userId) {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser || running >= limits.total) throw invalid(IMPORT_BUSY_MESSAGE);
      byUser.set(userId, mine + 1);
      running++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
    get running() {
      return running;
    },
  };
}

/** The slots of this server process. */
export const importSlots = createImportSlots();
