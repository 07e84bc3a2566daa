/**
 * The world of the bank reconciliation's tests (issue 34 §3): a treasurer, a reader, a lodge with an
 * issued invoice of 1 000,00 €, the Union's accounts, CAMT.053 statements written in the shape a French
 * bank exports, and the calls of the screen (read, validate) and of the bank (import, confirm, ignore).
 */
import type { BankImportReport, BankReconciliation, OrderDetail, UnionSettings } from '@union/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bankLines } from '../src/db/schema';
import { builders, type Lodge, type Person } from './builders';
import { multipartBody } from './documents-helpers';
import { createTestContext, type movableClock, type TestContext } from './helpers';

export interface Entry {
  amt: string;
  sign: 'CRDT' | 'DBIT';
  day: string;
  ref: string;
  text: string;
}

export interface Statement {
  id: string;
  iban: string;
  du: string;
  au: string;
  open: string;
  close: string;
}

/** A CAMT.053.001.02 statement: its period, opening and closing balances, its entries. */
export function camt(o: Statement, e: Entry[]): string {
  const bal = (cd: string, amt: string, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${cd}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  const entries = e.map(
    (x) => `<Ntry><Amt Ccy="EUR">${x.amt}</Amt><CdtDbtInd>${x.sign}</CdtDbtInd><Sts>BOOK</Sts>
<BookgDt><Dt>${x.day}</Dt></BookgDt><ValDt><Dt>${x.day}</Dt></ValDt><AcctSvcrRef>${x.ref}</AcctSvcrRef>
<NtryDtls><TxDtls><RmtInf><Ustrd>${x.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>${o.id}</MsgId><CreDtTm>${o.au}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${o.id}</Id><FrToDt><FrDtTm>${o.du}T00:00:00</FrDtTm><ToDtTm>${o.au}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${o.iban}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${bal('OPBD', o.open, o.du)}${bal('CLBD', o.close, o.au)}
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>`;
}

export interface ReconciliationWorld {
  t: TestContext;
  tresorier: Person;
  lecteur: Person;
  lodge: Lodge;
  invoice: OrderDetail;
  upload(xml: string): ReturnType<TestContext['call']>;
  imported(xml: string): Promise<BankImportReport>;
  state(iban: string, date: string, who?: Person): Promise<BankReconciliation>;
  validate(iban: string, date: string, who?: Person): ReturnType<TestContext['call']>;
  lineId(iban: string, ref: string): Promise<number>;
  confirm(id: number, montant: number): ReturnType<TestContext['call']>;
  ignore(id: number, note: string): ReturnType<TestContext['call']>;
  act(action: string, payload: Record<string, unknown>): ReturnType<TestContext['call']>;
}

export async function reconciliationWorld(
  clock: ReturnType<typeof movableClock>,
  comptesBancaires: { nom: string; iban: string; compte: string }[],
): Promise<ReconciliationWorld> {
  const t = await createTestContext({}, { clock });
  const b = builders(t);
  const admin = await b.aUser({ habilitations: ['USER', 'ADMIN'] });
  const tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
  const lecteur = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE'] });
  const lodge = await b.aLodgeWithMembers({ nom: 'Les Chevaliers du Rhône', managers: 1 });
  const invoice = await b.anOrder({
    by: tresorier,
    entity: lodge.id,
    issued: true,
    lignes: [{ libelle: 'Location Temple Hiram', quantite: 1, prixUnitaire: 100000 }],
  });
  const current: UnionSettings = (
    await t.call({ method: 'GET', url: '/api/parametres/union', token: admin.token })
  ).json();
  const saved = await t.call({
    method: 'PUT',
    url: '/api/parametres/union',
    token: admin.token,
    payload: { ...current, comptesBancaires: comptesBancaires.map((a) => ({ ...a, bic: '' })) },
  });
  expect(saved.statusCode, saved.body).toBe(200);

  const upload = (xml: string) =>
    t.call({
      method: 'POST',
      url: '/api/compta/banque/releves',
      token: tresorier.token,
      ...multipartBody({}, { name: 'releve.xml', content: Buffer.from(xml), type: 'application/xml' }),
    });
  return {
    t,
    tresorier,
    lecteur,
    lodge,
    invoice,
    upload,
    async imported(xml) {
      const response = await upload(xml);
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    async state(iban, date, who = lecteur) {
      const r = await t.call({
        method: 'GET',
        url: `/api/compta/banque/rapprochement?iban=${iban}&date=${date}`,
        token: who.token,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    },
    validate: (iban, date, who = tresorier) =>
      t.call({
        method: 'POST',
        url: '/api/compta/banque/rapprochement/validation',
        token: who.token,
        payload: { iban, date },
      }),
    async lineId(iban, ref) {
      const [row] = await t.db
        .select({ id: bankLines.id })
        .from(bankLines)
        .where(and(eq(bankLines.iban, iban), eq(bankLines.cle, `ref:${ref}`)));
      return row!.id;
    },
    confirm: (id, montant) =>
      t.call({
        method: 'POST',
        url: `/api/compta/banque/lignes/${id}/confirmation`,
        token: tresorier.token,
        payload: { idEntite: lodge.id, affectations: [{ idCommande: invoice.id, montant }] },
      }),
    ignore: (id, note) =>
      t.call({
        method: 'POST',
        url: `/api/compta/banque/lignes/${id}/ignorer`,
        token: tresorier.token,
        payload: { note },
      }),
    act: (action, payload) =>
      t.call({
        method: 'PUT',
        url: `/api/compta/commande?action=${action}`,
        token: tresorier.token,
        payload,
      }),
  };
}
