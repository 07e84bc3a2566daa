/**
 * Authorization rows of SEPA direct debit (issue 34 §4): COMPTA_LECTURE reads the mandates, the batches
 * and their files (either pain.008 version); COMPTA_SAISIE (with COMPTA_LECTURE) records mandates and
 * makes, sends and cancels batches (admin and tresorier hold both); a lodge's officers (venerable for the
 * lodge) read its own mandate and debits, nobody else's.
 */
import { addDays, nextTarget2Day } from '@union/contract';
import { and, eq, isNull } from 'drizzle-orm';
import {
  bankLines,
  bankStatements,
  documentFiles,
  entities,
  sepaBatches,
  sepaBatchLines,
  sepaMandates,
} from '../../src/db/schema';
import { multipartBody, pdfWith } from '../documents-helpers';
import type { AuthzRow } from './rows';
import { bookKeepers, CURRENT_ACCOUNT, unionSettingsWith } from './union-bank';
import { issuedInvoice } from './invoices';
import type { World } from './world';

const ICS = 'FR72ZZZ123456';

/** The ICS and the Union's account in the settings, so that a batch may be made. */
const withCreditor = (w: World) => unionSettingsWith(w, { ics: ICS, comptesBancaires: [CURRENT_ACCOUNT] });

/** A fresh mandate of an entity of its own (one live per entity), written straight: its id. */
async function mandate(w: World, entityId?: number): Promise<number> {
  const at = new Date('2026-11-23T10:00:00Z');
  const [row] = await w.t.db
    .insert(sepaMandates)
    .values({
      entityId: entityId ?? (await w.fresh.entity()),
      rum: `MATRICE-${w.unique()}`,
      dateSignature: '2026-01-15',
      debiteur: 'Loge de la matrice',
      iban: 'FR7630006000011234567890189',
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: sepaMandates.id });
  return row!.id;
}

/** The lodge's live mandate (made once), so that its officers have something to read. */
async function lodgeMandate(w: World): Promise<void> {
  const [live] = await w.t.db
    .select()
    .from(sepaMandates)
    .where(and(eq(sepaMandates.entityId, w.lodge), isNull(sepaMandates.revoqueLe)));
  if (!live) await mandate(w, w.lodge);
}

/** A debitable invoice (of the lodge, under its mandate) and the creditor set: a batch finds it. */
async function debitable(w: World): Promise<void> {
  await withCreditor(w);
  await lodgeMandate(w);
  // The pre-notification goes to the lodge's billing address.
  await w.t.db
    .update(entities)
    .set({ emailFacturation: 'tresorerie@chevaliers.fr' })
    .where(eq(entities.id, w.lodge));
  await issuedInvoice(w);
}

/** A prepared batch of its own (no line needed to send, cancel or write it): its id. */
async function batch(w: World): Promise<number> {
  const [row] = await w.t.db
    .insert(sepaBatches)
    .values({
      messageId: `MATRICE-${w.unique()}`,
      datePrelevement: '2026-12-31',
      ics: ICS,
      creancier: 'Union',
      iban: 'FR7630006000011234567890189',
      createdAt: new Date('2026-11-23T10:00:00Z'),
    })
    .returning({ id: sepaBatches.id });
  return row!.id;
}

/**
 * A batch sent to the bank of one 10 € debit (an invoice of an entity of its own, under its mandate), and
 * the statement's waiting credit line of its total two days after its collection day: the line's id and
 * the batch's.
 */
/** A batch sent and the statement's credit of it; `net`: a second debit the bank rejected, left out of the credit. */
async function sentBatchAndCredit(
  w: World,
  net = false,
): Promise<{ line: number; batch: number; rejected?: number }> {
  await withCreditor(w);
  const entityId = await w.fresh.entity();
  const mandateId = await mandate(w, entityId);
  const u = w.unique();
  const order = await issuedInvoice(w, entityId);
  const [sent] = await w.t.db
    .insert(sepaBatches)
    .values({
      messageId: `MATRICE-P-${u}`,
      datePrelevement: '2026-11-18',
      etat: 'T',
      ics: ICS,
      creancier: 'Union',
      iban: 'FR7630006000011234567890189',
      createdAt: new Date('2026-11-02T10:00:00Z'),
      transmisLe: new Date('2026-11-03T10:00:00Z'),
    })
    .returning({ id: sepaBatches.id });
  await w.t.db.insert(sepaBatchLines).values({
    batchId: sent!.id,
    orderId: order,
    mandateId,
    entityId,
    montant: 1000,
    sequence: 'FRST',
  });
  let rejected: number | undefined;
  if (net) {
    rejected = await issuedInvoice(w, entityId, 500);
    await w.t.db
      .insert(sepaBatchLines)
      .values({ batchId: sent!.id, orderId: rejected, mandateId, entityId, montant: 500, sequence: 'FRST' });
  }
  const [statement] = await w.t.db
    .insert(bankStatements)
    .values({
      iban: 'FR7630006000011234567890189',
      identifiant: `MATRICE-P-${u}`,
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
      iban: 'FR7630006000011234567890189',
      cle: `ref:MATRICE-P-${u}`,
      dateComptable: '2026-11-20',
      dateValeur: '2026-11-20',
      montant: 1000,
      libelle: `REMISE PRLV SEPA MATRICE-P-${u}`,
    })
    .returning({ id: bankLines.id });
  return { line: line!.id, batch: sent!.id, rejected };
}

const pdfUpload = async () => multipartBody({}, { name: 'mandat.pdf', content: await pdfWith('Mandat') });

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/compta/banque/mandats',
    request: () => ({ url: '/api/compta/banque/mandats' }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/mandats',
    tries: ['body.idEntite'],
    request: async (w) => ({
      url: '/api/compta/banque/mandats',
      payload: {
        idEntite: await w.fresh.entity(),
        rum: `MATRICE-${w.unique()}`,
        dateSignature: '2026-01-15',
        debiteur: 'Loge de la matrice',
        iban: 'FR76 3000 6000 0112 3456 7890 189',
      },
    }),
    expect: bookKeepers(201),
  },
  {
    route: 'PUT /api/compta/banque/mandats/:id/pdf',
    request: async (w) => {
      const id = await mandate(w);
      return {
        url: `/api/compta/banque/mandats/${id}/pdf`,
        ...(await pdfUpload()),
        watch: async () => (await w.t.db.select().from(documentFiles)).length,
      };
    },
    expect: bookKeepers(200),
  },
  {
    route: 'GET /api/compta/banque/mandats/:id/pdf',
    request: async (w) => {
      const id = await mandate(w);
      await w.t.call({
        method: 'PUT',
        url: `/api/compta/banque/mandats/${id}/pdf`,
        token: w.tokens.tresorier,
        ...(await pdfUpload()),
      });
      return { url: `/api/compta/banque/mandats/${id}/pdf` };
    },
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/mandats/:id/revocation',
    request: async (w) => ({
      url: `/api/compta/banque/mandats/${await mandate(w)}/revocation`,
      payload: { date: '2026-11-20', motif: 'Changement de banque' },
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'GET /api/compta/banque/prelevements',
    request: () => ({ url: '/api/compta/banque/prelevements' }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/prelevements',
    request: async (w) => {
      await debitable(w);
      return {
        url: '/api/compta/banque/prelevements',
        payload: { datePrelevement: nextTarget2Day(addDays(w.t.clock.today(), 30)) },
      };
    },
    expect: bookKeepers(201),
  },
  {
    route: 'GET /api/compta/banque/prelevements/:id/pain008',
    request: async (w) => ({ url: `/api/compta/banque/prelevements/${await batch(w)}/pain008` }),
    expect: bookKeepers(200),
  },
  {
    route: 'GET /api/compta/banque/prelevements/:id/pain008',
    scope: 'version 001.08',
    tries: ['query.version'],
    request: async (w) => ({
      url: `/api/compta/banque/prelevements/${await batch(w)}/pain008?version=001.08`,
    }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/prelevements/:id/transmission',
    request: async (w) => ({ url: `/api/compta/banque/prelevements/${await batch(w)}/transmission` }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/prelevements/:id/annulation',
    request: async (w) => ({ url: `/api/compta/banque/prelevements/${await batch(w)}/annulation` }),
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/prelevement',
    scope: 'the credit of a batch sent, collecting it',
    request: async (w) => {
      const { line, batch: idLot } = await sentBatchAndCredit(w);
      return { url: `/api/compta/banque/lignes/${line}/prelevement`, payload: { idLot } };
    },
    expect: bookKeepers(200),
  },
  {
    route: 'POST /api/compta/banque/lignes/:id/prelevement',
    scope: 'the credit of a batch net of a debit rejected before settlement',
    tries: ['body.rejetes'],
    request: async (w) => {
      const { line, batch: idLot, rejected } = await sentBatchAndCredit(w, true);
      return {
        url: `/api/compta/banque/lignes/${line}/prelevement`,
        payload: { idLot, rejetes: [rejected] },
      };
    },
    expect: bookKeepers(200),
  },
  {
    route: 'GET /api/loge/:idEntite/prelevements',
    scope: 'own lodge',
    request: async (w) => {
      await lodgeMandate(w);
      return { url: `/api/loge/${w.lodge}/prelevements` };
    },
    expect: { ...bookKeepers(200), venerable: 200 },
  },
  {
    route: 'GET /api/loge/:idEntite/prelevements',
    scope: 'other lodge',
    request: (w) => ({ url: `/api/loge/${w.otherLodge}/prelevements` }),
    expect: bookKeepers(200),
  },
];
