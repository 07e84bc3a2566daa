/**
 * The demo's direct debits (issue 34 §4): the Union's creditor identifier, and the signed mandate of Les
 * Chevaliers du Rhône (the venerable's lodge), recorded as the treasurer records one. No batch is made
 * here: « Préparer le lot des factures dues » on Mandats et prélèvements shows what a batch takes, and
 * the venerable sees the mandate on the lodge's account.
 */
import { addDays } from '@union/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { entities, unionSettings } from '../db/schema';
import { parisDay } from '../lib/dates';
import { mandatesService } from '../modules/compta/sepa/service';
import { demoContext } from './context';

/** A French creditor identifier whose check digits hold (the EPC's example form), no real creditor's. */
export const DEMO_ICS = 'FR72ZZZ123456';
export const DEMO_RUM = 'UNION-CHEV-RHONE-001';

export async function seedSepa(db: Database): Promise<void> {
  await db.update(unionSettings).set({ ics: DEMO_ICS }).where(eq(unionSettings.id, 1));
  const [lodge] = await db.select().from(entities).where(eq(entities.code, 'CHEV-RHONE'));
  await mandatesService.create(await demoContext(db, 'tresorier'), {
    idEntite: lodge!.id,
    rum: DEMO_RUM,
    dateSignature: addDays(parisDay(), -40),
    debiteur: 'Les Chevaliers du Rhône',
    // The standard example IBAN of a French bank's documentation (valid key, no real account).
    iban: 'FR1420041010050500013M02606',
    bic: 'PSSTFRPPLYO',
  });
}
