/**
 * The demo's bank (issue 34): a CAMT.053 statement of the Union's current account, imported through the
 * bank's own use case, as the treasurer would import the file. It pays two invoices issued for it by
 * their numbers (two exact matches), a third issued for Tolérance et Progrès paid without its number (a
 * suggestion by the amount and the lodge's name), and brings a gift and the bank's fees (nothing to
 * match): the Banque screen has a statement to show and something to confirm. Nothing is confirmed here.
 * Each line pays an invoice of its own: the demo's overdue rental stays overdue for « Relances », whatever
 * a journey does on Banque first.
 */
import { addDays, type OrderDetail } from '@union/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { entities } from '../db/schema';
import { fixedClock } from '../lib/context';
import { parisDay } from '../lib/dates';
import { bankService } from '../modules/compta/bank/service';
import { ordersService } from '../modules/compta/orders/service';
import { demoContext } from './context';

export const DEMO_BANK_IBAN = 'FR7630006000011234567890189';

interface DemoEntry {
  ref: string;
  cents: number;
  day: string;
  name: string;
  text: string;
}

const amount = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

/** A CAMT.053.001.02 statement, written as a French bank exports it. */
export function demoStatementXml(o: {
  id: string;
  du: string;
  au: string;
  opening: number;
  entries: DemoEntry[];
}) {
  const closing = o.entries.reduce((t, e) => t + e.cents, o.opening);
  const balance = (code: string, cents: number, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount(cents)}</Amt>` +
    `<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  const entries = o.entries.map((e) => {
    const credit = e.cents > 0;
    const party = credit ? 'Dbtr' : 'Cdtr';
    return `<Ntry><Amt Ccy="EUR">${amount(e.cents)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
<Sts>BOOK</Sts><BookgDt><Dt>${e.day}</Dt></BookgDt><ValDt><Dt>${e.day}</Dt></ValDt><AcctSvcrRef>${e.ref}</AcctSvcrRef>
<NtryDtls><TxDtls><RltdPties><${party}><Nm>${e.name}</Nm></${party}></RltdPties><RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>
<GrpHdr><MsgId>${o.id}</MsgId><CreDtTm>${o.au}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${o.id}</Id><FrToDt><FrDtTm>${o.du}T00:00:00</FrDtTm><ToDtTm>${o.au}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${DEMO_BANK_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${balance('OPBD', o.opening, o.du)}${balance('CLBD', closing, o.au)}
${entries.join('\n')}
</Stmt></BkToCstmrStmt></Document>
`;
}

export async function seedBank(db: Database): Promise<void> {
  const entityId = async (code: string) =>
    (await db.select().from(entities).where(eq(entities.code, code)))[0]!.id;
  const daysAgo = (n: number) => addDays(parisDay(), -n);
  const issue = async (code: string, objet: string, cents: number): Promise<OrderDetail> => {
    const ctx = await demoContext(db, 'tresorier', fixedClock(`${daysAgo(12)}T10:00:00Z`));
    const draft = await ordersService.create(ctx, {
      type: 'S',
      idEntite: await entityId(code),
      annee: Number(daysAgo(12).slice(0, 4)),
      objet,
      devis: false,
      lignes: [{ libelle: objet, quantite: 1, prixUnitaire: cents }],
    });
    return ordersService.change(ctx, 'FACTURE_SENT', { id: draft.id });
  };
  const fourviere = await issue('LUM-FOURVIERE', 'Salle Voltaire, tenue d’installation', 16000);
  const helvetie = await issue('HELVETIE', 'Temple Hiram, tenue de rentrée', 22500);
  await issue('TOL-PROGRES', 'Salle des agapes, tenue blanche', 17500);
  const [du, au] = [daysAgo(9), daysAgo(3)];
  const xml = demoStatementXml({
    id: `RLV-DEMO-${au}`,
    du,
    au,
    opening: 1_245_030,
    entries: [
      {
        ref: 'DEMO-0001',
        cents: 16000,
        day: daysAgo(8),
        name: 'LA LUMIERE DE FOURVIERE',
        text: `VIR SEPA ${fourviere.numeroFacture} SALLE VOLTAIRE`,
      },
      {
        ref: 'DEMO-0002',
        cents: 22500,
        day: daysAgo(7),
        name: 'HELVETIE LYONNAISE',
        text: `Facture ${helvetie.numeroFacture}`,
      },
      {
        ref: 'DEMO-0003',
        cents: 17500,
        day: daysAgo(6),
        name: 'TOLERANCE ET PROGRES',
        text: 'Location salle agapes tenue blanche',
      },
      {
        ref: 'DEMO-0004',
        cents: 5000,
        day: daysAgo(5),
        name: 'M. JEAN DURAND',
        text: 'DON POUR LA BIBLIOTHEQUE',
      },
      { ref: 'DEMO-0005', cents: -1250, day: daysAgo(4), name: 'BANQUE', text: 'FRAIS TENUE DE COMPTE' },
    ],
  });
  const ctx = await demoContext(db, 'tresorier', fixedClock(`${daysAgo(2)}T08:00:00Z`));
  await bankService.importStatement(ctx, async () => ({ nom: `releve-${au}.xml`, bytes: Buffer.from(xml) }));
}
