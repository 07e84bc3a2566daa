/**
 * Authorization rows of the Union's bank (issue 34): COMPTA_LECTURE reads the statements, COMPTA_SAISIE
 * imports and confirms (admin and tresorier hold both); nobody else, whatever lodge they serve.
 */
import {
  accountingPayments,
  bankLines,
  bankStatements,
  journalEntries,
  journalLines,
} from '../../src/db/schema';
import type { AuthzRow } from './rows';
import { bookKeepers, CURRENT_ACCOUNT, UNION_IBAN, unionSettingsWith } from './union-bank';
import { issuedInvoice } from './invoices';
import type { World } from './world';

/** The Union's account in the settings, so that a statement of it is accepted. */
const withAccount = (w: World) => unionSettingsWith(w, { comptesBancaires: [CURRENT_ACCOUNT] });

/** A one-line CAMT.053 statement of its own (its identifier and reference unique). */
function statementUpload(w: World) {
  const u = w.unique();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>MATRICE-${u}</Id>
<Acct><Id><IBAN>${UNION_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
<Ntry><Amt Ccy="EUR">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt>
<AcctSvcrRef>MATRICE-${u}</AcctSvcrRef></Ntry></Stmt></BkToCstmrStmt></Document>`;
  const boundary = '----union-authz-bank';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="releve.xml"\r\n` +
    `Content-Type: application/xml\r\n\r\n${xml}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A statement with one waiting credit line of 10 €, written straight: its ids. */
async function waitingLine(w: World): Promise<{ statement: number; line: number }> {
  const u = w.unique();
  const [statement] = await w.t.db
    .insert(bankStatements)
    .values({
      iban: UNION_IBAN,
      identifiant: `MATRICE-L-${u}`,
      du: '2026-11-20',
      au: '2026-11-20',
      fichier: 'releve.xml',
      importedById: w.ids.tresorier,
      importedAt: new Date('2026-11-23T10:00:00Z'),
    })
    .returning({ id: bankStatements.id });
  const [line] = await w.t.db
    .insert(bankLines)
    .values({
      statementId: statement!.id,
      iban: UNION_IBAN,
      cle: `ref:MATRICE-L-${u}`,
      dateComptable: '2026-11-20',
      dateValeur: '2026-11-20',
      montant: 1000,
      libelle: 'VIREMENT MATRICE',
    })
    .returning({ id: bankLines.id });
  return { statement: statement!.id, line: line!.id };
}

/** An invoice of 10 € paid online (by card) in the books, written straight: its entry's id. */
async function cardPayment(w: World): Promise<number> {
  const [payment] = await w.t.db
    .insert(accountingPayments)
    .values({ entityId: w.lodge, mode: 'B', date: '2026-11-19', montant: 1000, createdById: w.ids.tresorier })
    .returning({ id: accountingPayments.id });
  // Ranks of their own, far above what the matrix's other writes reach.
  const u = payment!.id;
  const [entry] = await w.t.db
    .insert(journalEntries)
    .values({
      journal: 'BQ',
      annee: 2026,
      rang: 900_000 + u,
      numero: `BQ2026-M${u}`,
      date: '2026-11-19',
      valideLe: '2026-11-19',
      piece: `CB-MATRICE-${u}`,
      pieceDate: '2026-11-19',
      libelle: 'Paiement en ligne',
      source: `payment:${payment!.id}`,
    })
    .returning({ id: journalEntries.id });
  await w.t.db.insert(journalLines).values([
    { entryId: entry!.id, compte: '512', compteLib: 'Banque', debit: 1000, credit: 0 },
    {
      entryId: entry!.id,
      compte: '411',
      compteLib: 'Clients',
      aux: '411X',
      auxLib: 'Loge',
      debit: 0,
      credit: 1000,
    },
  ]);
  return entry!.id;
}

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/compta/banque/releves',
    request: () => ({ url: '/api/compta/banque/releves' }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/releves',
    request: async (w) => {
      await withAccount(w);
      return { url: '/api/compta/banque/releves', ...statementUpload(w) };
    },
    expect: bookKeepers(201),
  },
  {
    route: 'GET /api/compta/banque/releves/:id',
    request: async (w) => ({ url: `/api/compta/banque/releves/${(await waitingLine(w)).statement}` }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/releves/:id/confirmation',
    request: async (w) => ({
      url: `/api/compta/banque/releves/${(await waitingLine(w)).statement}/confirmation`,
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/confirmation',
    scope: 'a transfer kept as the lodge’s credit',
    tries: ['body.idEntite'],
    request: async (w) => ({
      url: `/api/compta/banque/lignes/${(await waitingLine(w)).line}/confirmation`,
      payload: { idEntite: w.lodge, affectations: [] },
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/confirmation',
    scope: 'a transfer that pays an invoice of the lodge',
    tries: ['body.idEntite', 'body.affectations.montant'],
    request: async (w) => ({
      url: `/api/compta/banque/lignes/${(await waitingLine(w)).line}/confirmation`,
      payload: { idEntite: w.lodge, affectations: [{ idCommande: await issuedInvoice(w), montant: 1000 }] },
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/ignorer',
    request: async (w) => ({
      url: `/api/compta/banque/lignes/${(await waitingLine(w)).line}/ignorer`,
      payload: { note: 'Un don' },
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/imputation',
    request: async (w) => {
      await withAccount(w);
      return {
        url: `/api/compta/banque/lignes/${(await waitingLine(w)).line}/imputation`,
        payload: { compte: { num: '758', lib: 'Produits divers' }, libelle: 'Un don' },
      };
    },
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/reglement-carte',
    request: async (w) => {
      await withAccount(w);
      return {
        url: `/api/compta/banque/lignes/${(await waitingLine(w)).line}/reglement-carte`,
        payload: { ecritures: [await cardPayment(w)] },
      };
    },
    expect: bookKeepers(200),
  },
];
