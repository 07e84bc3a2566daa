/**
 * Authorization rows of the bank reconciled (issue 34 §3): COMPTA_LECTURE reads an account's
 * reconciliation, COMPTA_SAISIE validates it (admin and tresorier hold both); nobody else. Each
 * validation is of an account of its own (a validation only moves forward, and closes its period),
 * on a book account nothing else posts to, so it never closes what the other rows write.
 */
import { eq } from 'drizzle-orm';
import { bankReconciliations, bankStatements } from '../../src/db/schema';
import type { AuthzRow } from './rows';
import { bookKeepers, unionSettingsWith } from './union-bank';
import type { World } from './world';

const DAY = '2026-11-20';

/** A Union account of its own, with an empty statement of DAY (nothing waits, nothing unexplained). */
async function reconcilableAccount(w: World): Promise<string> {
  const iban = `FR00MATRICE${w.unique()}`.toUpperCase();
  const comptesBancaires = [{ nom: 'Compte rapproché', iban, bic: null, compte: '5129' }];
  await unionSettingsWith(w, { comptesBancaires });
  await w.t.db.insert(bankStatements).values({
    iban,
    identifiant: `MATRICE-R-${w.unique()}`,
    du: DAY,
    au: DAY,
    soldeOuverture: 0,
    soldeCloture: 0,
    fichier: 'releve.xml',
    importedById: w.ids.tresorier,
    importedAt: new Date('2026-11-23T10:00:00Z'),
  });
  return iban;
}

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/compta/banque/rapprochement',
    tries: ['query.iban', 'query.date'],
    request: async (w) => ({
      url: `/api/compta/banque/rapprochement?iban=${await reconcilableAccount(w)}&date=${DAY}`,
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/rapprochement/validation',
    request: async (w) => {
      const iban = await reconcilableAccount(w);
      return {
        url: '/api/compta/banque/rapprochement/validation',
        payload: { iban, date: DAY },
        watch: () => w.t.db.select().from(bankReconciliations).where(eq(bankReconciliations.iban, iban)),
      };
    },
    expect: bookKeepers(201),
  },
];
