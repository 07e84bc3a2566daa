/** Demo settings of the Union: its legal identity for documents and plausible yearly fees per member. */
import { EntityType } from '@union/contract';
import type { Database } from '../db/client';
import { membershipFees, unionSettings } from '../db/schema';

/** Yearly fee per member, in cents, for each entity type (the Union pays nothing to itself). */
const FEES: Record<EntityType, number> = { AFM: 3000, DH: 12000, GODF: 12000, GOS: 9000, HG: 6000, UN: 0 };

export async function seedSettings(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(unionSettings).values({
      id: 1,
      raisonSociale: 'Union des Loges et Associations de Lyon',
      adresse: '8 rue Garibaldi\n69006 Lyon',
      siret: '12345678900017',
      rna: 'W691000001',
      email: 'tresorerie@demo.union-lyon.fr',
      telephone: '04 78 00 00 00',
      mentionTva: 'TVA non applicable, art. 261-7-1° du CGI',
      // The standard example IBAN (valid key, no real account): invoices show how to pay by transfer,
      // with the GiroCode, as soon as the demo starts.
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      // The same account is the Union's current account: the demo's bank statement is of it.
      comptesBancaires: [
        { nom: 'Compte courant', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX', compte: '512' },
      ],
    });
    await tx
      .insert(membershipFees)
      .values(EntityType.codes.map((entityType) => ({ entityType, montantAnnuel: FEES[entityType] })));
  });
}
