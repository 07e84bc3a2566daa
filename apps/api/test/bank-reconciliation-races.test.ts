/**
 * The bank reconciled (issue 34 §3) under concurrency: a validation racing a confirmation of a line of its
 * period, and one racing an import that brings a line into it. On PostgreSQL (TEST_DB=postgres) they run
 * at once: the triggers of migration 0050 and the validation share one advisory lock, so one waits for
 * the other and exactly one outcome holds.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLines, bankReconciliations } from '../src/db/schema';
import { camt, reconciliationWorld, type ReconciliationWorld } from './bank-reconciliation-world';
import { movableClock } from './helpers';

const clock = movableClock('2026-11-30T10:00:00Z');
/** One account each (a validation only moves forward). */
const RACE_IBAN = 'FR7630004000031234567890143';
const IMPORT_RACE_IBAN = 'FR7610107001011234567890129';

let w: ReconciliationWorld;

beforeAll(async () => {
  w = await reconciliationWorld(clock, [
    { nom: 'Compte des courses', iban: RACE_IBAN, compte: '5123' },
    { nom: 'Compte des imports', iban: IMPORT_RACE_IBAN, compte: '5124' },
  ]);
});
afterAll(() => w.t.close());

describe('a validation racing a change of the period', () => {
  it('against a confirmation: never validated with a line waiting', async () => {
    const { t, imported, lineId, confirm, validate } = w;
    await imported(
      camt(
        { id: 'RACE-1', iban: RACE_IBAN, du: '2026-11-01', au: '2026-11-30', open: '0.00', close: '50.00' },
        [{ amt: '50.00', sign: 'CRDT', day: '2026-11-16', ref: 'RACE-VIR-1', text: 'Chevaliers du Rhone' }],
      ),
    );
    const line = await lineId(RACE_IBAN, 'RACE-VIR-1');
    const [confirmed, validated] = await Promise.all([
      confirm(line, 5000),
      validate(RACE_IBAN, '2026-11-30'),
    ]);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect([201, 412]).toContain(validated.statusCode);
    if (validated.statusCode === 412) expect(validated.json().message).toMatch(/1 ligne du relevé attend/);
    else expect(validated.json()).toMatchObject({ soldeReleve: 5000, soldeComptable: 0 });
    const waiting = await t.db
      .select()
      .from(bankLines)
      .where(
        and(eq(bankLines.iban, RACE_IBAN), sql`${bankLines.paymentId} IS NULL AND ${bankLines.note} IS NULL`),
      );
    expect(waiting).toEqual([]);
  });

  it('against an import bringing a line into the period: exactly one wins', async () => {
    const { t, imported, upload, validate } = w;
    await imported(
      camt(
        {
          id: 'IMP-1',
          iban: IMPORT_RACE_IBAN,
          du: '2026-11-01',
          au: '2026-11-20',
          open: '0.00',
          close: '0.00',
        },
        [],
      ),
    );
    const [added, validated] = await Promise.all([
      upload(
        camt(
          {
            id: 'IMP-2',
            iban: IMPORT_RACE_IBAN,
            du: '2026-11-01',
            au: '2026-11-20',
            open: '0.00',
            close: '20.00',
          },
          [{ amt: '20.00', sign: 'CRDT', day: '2026-11-18', ref: 'IMP-VIR-1', text: 'Don' }],
        ),
      ),
      validate(IMPORT_RACE_IBAN, '2026-11-20'),
    ]);
    expect([added.statusCode, validated.statusCode].sort()).toEqual([201, 412]);
    const lines = await t.db.select().from(bankLines).where(eq(bankLines.iban, IMPORT_RACE_IBAN));
    const locks = await t.db
      .select()
      .from(bankReconciliations)
      .where(eq(bankReconciliations.iban, IMPORT_RACE_IBAN));
    // Either the line came and the period stays open, or the period closed and the line never came.
    expect(lines.length + locks.length).toBe(1);
  });
});
