/**
 * The one request context every service receives: the database, the signed-in caller, the clock and the
 * public address of e-mailed links. Built once per request by plugins/context.ts (Outline's `ctx` is the
 * model), so no route threads `db`, `publicUrl` or "today" by hand.
 */
import type { Database, Executor, Transaction } from '../db/client';
import type { Caller } from './authorize';
import { parisDay } from './dates';

/** Time as the building reads it. Injectable: tests set "today" instead of computing around the real one. */
export interface Clock {
  /** This instant. */
  now(): Date;
  /** Today's calendar day in Paris, yyyy-mm-dd. */
  today(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: () => parisDay(),
};

/** A clock stopped at one instant (tests, benchmarks). */
export function fixedClock(at: Date | string): Clock {
  const instant = typeof at === 'string' ? new Date(at) : at;
  return { now: () => new Date(instant), today: () => parisDay(instant) };
}

export interface RequestContext<D extends Executor = Database> {
  db: D;
  caller: Caller;
  clock: Clock;
  /** The address users see, for links in e-mails. */
  publicUrl: string;
}

/** What a public route (no signed-in caller) may use: a calendar feed, an unsubscribe link. */
export type PublicContext<D extends Executor = Database> = Omit<RequestContext<D>, 'caller'>;

/** The same context inside one transaction: a use case runs all its reads and writes on `ctx.db`. */
export type TxContext = RequestContext<Transaction>;

/**
 * Runs `work` in one transaction with a context whose `db` is that transaction: a refused or crashed use
 * case leaves nothing half-written (e-mails and audit entries included, written on the same `db`).
 */
export function inTransaction<T>(ctx: RequestContext, work: (tx: TxContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((db) => work({ ...ctx, db }));
}
