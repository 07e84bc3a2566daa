/** The demo data: the six accounts of the README, with the habilitations it lists. */
import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client';
import {
  accountingCreditNotes,
  accountingReminders,
  documents,
  invoiceCardPayments,
  meals,
  reservations,
  unionSettings,
  users,
} from '../src/db/schema';
import { bankService } from '../src/modules/compta/bank/service';
import { mandatesService } from '../src/modules/compta/sepa/service';
import { demoContext } from '../src/seed/context';
import { DEMO_ICS, DEMO_RUM } from '../src/seed/sepa';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../src/seed/demo';
import { freshDatabase } from './helpers';

let handle: DbHandle;

beforeAll(async () => {
  handle = await freshDatabase();
  expect(await seedDemoIfEmpty(handle.db)).toMatchObject({ password: DEMO_PASSWORD });
});
afterAll(() => handle.close());

describe('demo accounts', () => {
  it('give the secretariat DOCUMENTS_LECTURE beside DOCUMENTS_LECTURE_ALL, as its profile does', async () => {
    const [secretariat] = await handle.db
      .select()
      .from(users)
      .where(inArray(users.identifiant, ['secretariat']));
    expect(secretariat!.habilitations).toEqual(
      expect.arrayContaining(['USER', 'PLANNING', 'DIFFUSION', 'DOCUMENTS_LECTURE', 'DOCUMENTS_LECTURE_ALL']),
    );
  });

  it('give DOCUMENTS_LECTURE to every account that reads all documents', async () => {
    const rows = await handle.db.select().from(users);
    const readersOfAll = rows.filter((u) => u.habilitations.includes('DOCUMENTS_LECTURE_ALL'));
    expect(readersOfAll.length).toBeGreaterThan(0);
    for (const u of readersOfAll) expect(u.habilitations, u.identifiant).toContain('DOCUMENTS_LECTURE');
  });

  it('seed nothing over an existing database', async () => {
    expect(await seedDemoIfEmpty(handle.db)).toBeNull();
  });
});

describe('demo restaurant', () => {
  it("ties each evening's agapes to that evening's confirmed session, when the planning holds one", async () => {
    const evenings = await handle.db.select().from(meals).where(eq(meals.type, 'S'));
    expect(evenings.length).toBeGreaterThan(0);
    for (const meal of evenings) {
      const sessions = await handle.db
        .select({ id: reservations.id })
        .from(reservations)
        .where(
          and(
            eq(reservations.jour, meal.jour),
            inArray(reservations.etat, ['CR', 'DS']),
            gte(reservations.debut, 18 * 60),
          ),
        );
      if (sessions.length === 0) expect(meal.reservationId, meal.jour).toBeNull();
      else
        expect(
          sessions.map((r) => r.id),
          meal.jour,
        ).toContain(meal.reservationId);
    }
  });
});

describe('demo accounts of the Union (issue 20)', () => {
  it('give the treasurer a year to walk through: a partial credit note, a letter sent, a card payment to settle, an IBAN', async () => {
    const notes = await handle.db.select().from(accountingCreditNotes);
    expect(notes.map((n) => n.montant)).toEqual([12000]);
    expect(await handle.db.select().from(accountingReminders)).toHaveLength(1);
    const online = await handle.db.select().from(invoiceCardPayments);
    expect(online.map((p) => p.etat)).toEqual(['A']);
    const [settings] = await handle.db.select().from(unionSettings);
    expect(settings).toMatchObject({ iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' });
  });

  it('publish one document of each type, stored and searchable, the convocation among them', async () => {
    const rows = await handle.db.select().from(documents);
    expect(rows.map((d) => d.type).sort()).toEqual(['A', 'B', 'C', 'D', 'I', 'N', 'V']);
    // The PDF's text was read for the search.
    expect(rows.every((d) => (d.texte ?? '').includes('document de démonstration'))).toBe(true);
  });
});

describe('demo bank (issue 34)', () => {
  it('shows a statement of the Union’s account: two exact matches, a suggestion, a gift and a debit', async () => {
    const ctx = await demoContext(handle.db, 'tresorier');
    const [summary] = await bankService.statements(ctx);
    expect(summary).toMatchObject({ iban: 'FR7630006000011234567890189', nomCompte: 'Compte courant' });
    const statement = await bankService.statement(ctx, summary!.id);
    expect(statement.lignes.map((l) => [l.montant, l.proposition?.nature ?? null])).toEqual([
      [16000, 'exacte'],
      [22500, 'exacte'],
      [17500, 'suggestion'],
      [5000, null],
      [-1250, null],
    ]);
    expect(statement.lignes[2]!.proposition!.entite).toBe('Tolérance et Progrès');
    // An invoice of its own, not the overdue rental the journeys of « Relances » count on.
    expect(statement.lignes[2]!.proposition!.factures.map((f) => f.montant)).toEqual([17500]);
    expect(statement.soldeCloture! - statement.soldeOuverture!).toBe(16000 + 22500 + 17500 + 5000 - 1250);
  });

  it('records the Union’s ICS and the venerable’s lodge’s SEPA mandate, which its officers read', async () => {
    const ctx = await demoContext(handle.db, 'tresorier');
    const [mandate] = await mandatesService.list(ctx);
    expect(mandate).toMatchObject({ rum: DEMO_RUM, entite: 'Les Chevaliers du Rhône', revoqueLe: null });
    const venerable = await demoContext(handle.db, 'venerable');
    const seen = await mandatesService.lodge(venerable, mandate!.idEntite);
    expect(seen).toMatchObject({ ics: DEMO_ICS, mandat: { rum: DEMO_RUM } });
  });
});
