/**
 * The audit module's one entry point for other modules: `audit.record()` inside the transaction of the
 * change it records, and `audit.historyOf()` for history panels. Details keep ids, never names: names are
 * read at display time, so an anonymised person is anonymous everywhere (docs/decisions.md).
 */
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../lib/context';
import { auditRepository, type AuditEntry } from './repository';

export type { AuditEntry };

export const audit = {
  /** Writes one entry on `ctx.db` (a transaction), the caller as actor. */
  record(
    ctx: Pick<RequestContext<Executor>, 'db' | 'caller'>,
    entry: Omit<AuditEntry, 'actorId'>,
  ): Promise<void> {
    return auditRepository.record(ctx.db, { ...entry, actorId: ctx.caller.id });
  },
  /** Writes one entry made by the system (a worker, a provider's notification): no actor. */
  recordSystem(db: Executor, entry: Omit<AuditEntry, 'actorId'>): Promise<void> {
    return auditRepository.record(db, { ...entry, actorId: null });
  },
  historyOf: auditRepository.historyOf,
};
