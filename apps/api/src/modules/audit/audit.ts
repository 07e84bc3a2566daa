/**
 * The audit module's one entry point for other modules: `audit.record()` (or `recordMany()` for a batch)
 * inside the transaction of the change it records, and `audit.history()` for history panels, presented
 * by the module's `Describe` (presenter.ts). Details keep ids, never names: names are read at display
 * time, so an anonymised person is anonymous everywhere (docs/decisions/users.md).
 */
import type { HistoryEntry } from '@union/contract';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../lib/context';
import { presentHistory, type Describe } from './presenter';
import { auditRepository, type AuditEntry } from './repository';

export type { AuditEntry };
export type { Describe, DescribedRow, EntryText } from './presenter';

/** What `audit.record` needs of the request context: where to write, who acts, and when. */
type AuditContext = Pick<RequestContext<Executor>, 'db' | 'caller' | 'clock'>;
type SystemEntry = Omit<AuditEntry, 'actorId' | 'createdAt'>;
type BatchEntry = Required<Pick<AuditEntry, 'action' | 'recordType'>> & {
  recordId: number;
  details?: Record<string, unknown> | null;
};

export const audit = {
  /** Writes one entry on `ctx.db` (a transaction), the caller as actor. */
  record(ctx: AuditContext, entry: SystemEntry): Promise<void> {
    return auditRepository.record(ctx.db, { ...entry, actorId: ctx.caller.id, createdAt: ctx.clock.now() });
  },
  /** Writes many entries in one statement, the caller as actor. */
  recordMany(ctx: AuditContext, entries: BatchEntry[]): Promise<void> {
    return auditRepository.recordMany(ctx.db, ctx.caller.id, ctx.clock.now(), entries);
  },
  /** Writes one entry made by the system (a worker, a provider's notification), `at` its clock: no actor. */
  recordSystem(db: Executor, at: Date, entry: SystemEntry): Promise<void> {
    return auditRepository.record(db, { ...entry, actorId: null, createdAt: at });
  },
  /** The record's history, newest first, each entry described by its module. */
  async history(
    db: Executor,
    recordType: string,
    recordId: number,
    describe: Describe,
  ): Promise<HistoryEntry[]> {
    return presentHistory(await auditRepository.historyOf(db, recordType, recordId), describe);
  },
  historyOf: auditRepository.historyOf,
  countSince: auditRepository.countSince,
  /** Every entry about a record, as stored (the GDPR export). */
  about: auditRepository.about,
  /** Erases personal data from the entries about a record (a person anonymised), not the entries. */
  eraseDetails: auditRepository.eraseDetails,
};

/**
 * The names of the fields whose value differs between two versions of a record: what an `…_updated`
 * entry lists in `details.champs` (names, never values).
 */
export function changedFields<T extends object>(before: T, after: Partial<T>): string[] {
  return (Object.keys(after) as (keyof T)[])
    .filter((k) => after[k] !== undefined && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map(String);
}
