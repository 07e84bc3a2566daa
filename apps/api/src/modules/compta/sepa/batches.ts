/**
 * Batches of SEPA Core direct debits (issue 34 §4): made from the invoices due (all of them, or one fee
 * call's) of the lodges with a valid mandate, collected at least 14 days ahead (Paris calendar) on a day
 * SEPA settles (TARGET2's calendar, the contract's `compta/target2.ts`), each lodge pre-notified by e-mail
 * through the outbox in the same transaction; written as a pain.008 file (version 001.02 or 001.08); marked
 * sent to the bank (the mandates' next debits are then recurrent) or cancelled (the invoices free again).
 * An invoice is in at most one live batch: the database says so (`sepa_lines_one_live`).
 */
import { randomBytes } from 'node:crypto';
import {
  earliestCollectionDay,
  isTarget2Day,
  nextTarget2Day,
  SEPA_MIN_NOTICE_DAYS,
  type Pain008Version,
  TARGET2_CLOSED_DAYS,
  type SepaBatch,
  type SepaBatchCreate,
  type SepaBatchReport,
} from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { invalid, notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { entityRepository } from '../../entities/entity-repository';
import { mailRepository } from '../../mail/repository';
import { unionSettings } from '../../settings/service';
import { may } from '../policy';
import { preNotificationEmail } from './mails';
import { sepaBatchMachine } from './machine';
import { pain008 } from './pain008';
import { presentBatch } from './presenter';
import { sepaRepository, type BatchRow } from './repository';

const batchNotFound = () => notFound('Ce lot de prélèvements n’existe pas.');
const notPrepared = () =>
  refused(
    'sepa_batch_state',
    'Ce lot n’est plus en préparation (déjà transmis à la banque ou annulé) : rechargez la page.',
  );

const BATCH_REFUSALS = {
  sepa_lines_one_live: {
    code: 'sepa_invoice_batched',
    message:
      'Une des factures vient d’être mise dans un autre lot de prélèvements : rechargez la page et recommencez.',
  },
} as const;

/**
 * Refuses (412) a collection day less than 14 days ahead (the pre-notification's notice) or on which SEPA
 * does not settle (TARGET2's weekends and holidays), naming the day to choose instead.
 */
function collectionDayAllowed(today: string, day: string): void {
  const earliest = earliestCollectionDay(today);
  if (day < earliest)
    throw refused(
      'sepa_too_soon',
      `Le prélèvement ne peut avoir lieu avant le ${frenchDate(earliest)} : chaque loge doit en être prévenue au moins ${SEPA_MIN_NOTICE_DAYS} jours avant (pré-notification).`,
    );
  if (!isTarget2Day(day))
    throw refused(
      'sepa_not_business_day',
      `Le ${frenchDate(day)} n’est pas un jour de règlement SEPA (TARGET2 : ${TARGET2_CLOSED_DAYS}) : choisissez le ${frenchDate(nextTarget2Day(day))}.`,
    );
}

type DebitableRow = Awaited<ReturnType<typeof sepaRepository.debitable>>[number];
type Debitable = DebitableRow & {
  emailFacturation: string | null;
};

/** The invoices a batch may take, each with its entity's billing address (for the pre-notification). */
async function withEmails(
  tx: TxContext,
  call?: { annee: number; tranche: 'A' | 'B' | 'C' },
): Promise<Debitable[]> {
  const rows: DebitableRow[] = await sepaRepository.debitable(tx.db, tx.clock.today(), call);
  const emails = new Map<number, string | null>();
  for (const id of new Set(rows.map((r) => r.entityId)))
    emails.set(id, (await entityRepository.find(tx.db, id))?.emailFacturation ?? null);
  return rows.map((r): Debitable => ({ ...r, emailFacturation: emails.get(r.entityId) ?? null }));
}

/** The creditor the batch names: the ICS and the Union's account, both from the settings. */
async function creditor(ctx: RequestContext, iban: string | undefined) {
  const settings = await unionSettings(ctx.db);
  if (!settings.ics)
    throw refused(
      'sepa_ics_missing',
      'Renseignez l’identifiant créancier SEPA (ICS) de l’Union dans Administration › Paramètres avant de préparer un prélèvement.',
    );
  const account = iban
    ? settings.comptesBancaires.find((a) => a.iban === iban.replace(/\s+/g, '').toUpperCase())
    : settings.comptesBancaires[0];
  if (!account)
    throw refused(
      'sepa_ics_missing',
      iban
        ? `Le compte ${iban} n’est pas parmi les comptes bancaires de l’Union (Administration › Paramètres).`
        : 'Ajoutez le compte bancaire de l’Union qui reçoit les prélèvements dans Administration › Paramètres.',
    );
  return { ics: settings.ics, nom: settings.identite.raisonSociale, account };
}

/** The lodges left out, once each, with why. */
function leftOut(rows: Debitable[]): { entite: string; raison: string }[] {
  const out = new Map<string, string>();
  for (const r of rows) {
    if (out.has(r.entite)) continue;
    if (r.mandateId === null) out.set(r.entite, 'pas de mandat SEPA valide');
    else if (!r.emailFacturation)
      out.set(r.entite, 'pas d’adresse e-mail de facturation pour la pré-notification');
  }
  return [...out].map(([entite, raison]) => ({ entite, raison }));
}

async function preNotify(tx: TxContext, batch: BatchRow, rows: Debitable[], union: string) {
  const byEntity = new Map<number, Debitable[]>();
  for (const r of rows) byEntity.set(r.entityId, [...(byEntity.get(r.entityId) ?? []), r]);
  const emails = [...byEntity.values()].map((own) =>
    preNotificationEmail({
      to: own[0]!.emailFacturation!,
      union,
      entite: own[0]!.entite,
      date: batch.datePrelevement,
      rum: own[0]!.rum!,
      ics: batch.ics,
      factures: own.map((r) => ({ numero: r.numeroFacture!, montant: r.du })),
    }),
  );
  await mailRepository.enqueueMany(tx.db, emails, tx.clock.now());
  return emails.length;
}

async function present(ctx: RequestContext, batch: BatchRow): Promise<SepaBatch> {
  return presentBatch(batch, await sepaRepository.linesOf(ctx.db, [batch.id]));
}

/** Moves a prepared batch to sent or cancelled, audited; 412 when it is not prepared any more. */
async function leave(ctx: RequestContext, id: number, etat: 'T' | 'A'): Promise<SepaBatch> {
  authorize(may(ctx, 'KEEP_ACCOUNTS', null));
  return inTransaction(ctx, async (tx) => {
    const batch = await sepaRepository.lockBatch(tx.db, id);
    if (!batch) throw batchNotFound();
    if (!sepaBatchMachine.can(batch.etat, etat === 'T' ? 'SEND' : 'CANCEL')) throw notPrepared();
    const at = tx.clock.now();
    if (!(await sepaRepository.leavePrepared(tx.db, id, etat === 'T' ? { etat, transmisLe: at } : { etat })))
      throw notPrepared();
    const lines = await sepaRepository.linesOf(tx.db, [id]);
    if (etat === 'T')
      await sepaRepository.mandatesRecurrent(
        tx.db,
        lines.filter((l) => l.sequence === 'FRST').map((l) => l.mandateId),
        at,
      );
    else await sepaRepository.freeLines(tx.db, id);
    await audit.record(tx, {
      action: etat === 'T' ? 'sepa_batch_sent' : 'sepa_batch_cancelled',
      recordType: 'sepa_batch',
      recordId: id,
      details: { reference: batch.messageId, lignes: lines.length },
    });
    return presentBatch({ ...batch, etat, transmisLe: etat === 'T' ? at : null }, lines);
  });
}

export const batchesService = {
  async list(ctx: RequestContext): Promise<SepaBatch[]> {
    authorize(may(ctx, 'READ', null));
    const batches = await sepaRepository.batches(ctx.db);
    const lines = await sepaRepository.linesOf(
      ctx.db,
      batches.map((b) => b.id),
    );
    return batches.map((b) =>
      presentBatch(
        b,
        lines.filter((l) => l.batchId === b.id),
      ),
    );
  },

  async create(ctx: RequestContext, input: SepaBatchCreate): Promise<SepaBatchReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    if ((input.annee === undefined) !== (input.tranche === undefined))
      throw invalid('Un appel de cotisations se désigne par son année et son tiers, ensemble.');
    collectionDayAllowed(ctx.clock.today(), input.datePrelevement);
    const who = await creditor(ctx, input.iban);
    const call =
      input.annee !== undefined && input.tranche ? { annee: input.annee, tranche: input.tranche } : undefined;
    return guardConstraint(
      () =>
        inTransaction(ctx, async (tx) => {
          const rows = await withEmails(tx, call);
          const kept = rows.filter((r) => r.mandateId !== null && r.emailFacturation);
          if (!kept.length)
            throw refused(
              'sepa_nothing',
              'Aucune facture due d’une loge ayant un mandat SEPA valide et une adresse de facturation : rien à prélever.',
            );
          const stamp = input.datePrelevement.replace(/-/g, '');
          const batch = await sepaRepository.insertBatch(tx.db, {
            messageId: `UNION-PRLV-${stamp}-${randomBytes(4).toString('hex').toUpperCase()}`,
            datePrelevement: input.datePrelevement,
            ics: who.ics,
            creancier: who.nom,
            iban: who.account.iban,
            bic: who.account.bic,
            createdById: tx.caller.id,
            createdAt: tx.clock.now(),
          });
          await sepaRepository.insertLines(
            tx.db,
            kept.map((r) => ({
              batchId: batch.id,
              orderId: r.orderId,
              mandateId: r.mandateId!,
              entityId: r.entityId,
              montant: r.du,
              sequence: r.sequence!,
            })),
          );
          const notified = await preNotify(tx, batch, kept, who.nom);
          await audit.record(tx, {
            action: 'sepa_batch_created',
            recordType: 'sepa_batch',
            recordId: batch.id,
            details: {
              reference: batch.messageId,
              datePrelevement: batch.datePrelevement,
              factures: kept.map((r) => r.orderId),
              total: kept.reduce((t, r) => t + r.du, 0),
              prenotifications: notified,
            },
          });
          return { lot: await present(tx, batch), ecartees: leftOut(rows) };
        }),
      BATCH_REFUSALS,
    );
  },

  /**
   * The batch's pain.008 file in `version`, as the bank's portal takes it. Its name says the version
   * (`<message id>.pain008.001.02.xml`), so that the two files of one batch are told apart once saved.
   */
  async file(
    ctx: RequestContext,
    id: number,
    version: Pain008Version,
  ): Promise<{ nom: string; xml: string }> {
    authorize(may(ctx, 'READ', null));
    const batch = await sepaRepository.batch(ctx.db, id);
    if (!batch) throw batchNotFound();
    if (batch.etat === 'A')
      throw refused('sepa_batch_state', 'Ce lot est annulé : il n’a plus de fichier à remettre à la banque.');
    const lines = await sepaRepository.linesOf(ctx.db, [id]);
    const xml = pain008(
      {
        messageId: batch.messageId,
        creeLe: batch.createdAt.toISOString(),
        datePrelevement: batch.datePrelevement,
        creancier: batch.creancier,
        ics: batch.ics,
        iban: batch.iban,
        bic: batch.bic,
        debits: lines.map((l) => ({
          endToEndId: l.numeroFacture ?? `CMD-${l.orderId}`,
          montant: l.montant,
          sequence: l.sequence,
          rum: l.rum,
          dateSignature: l.dateSignature,
          debiteur: l.debiteur,
          iban: l.iban,
          bic: l.bic,
          libelle: `${l.objet} - facture ${l.numeroFacture ?? l.orderId}`,
        })),
      },
      version,
    );
    return { nom: `${batch.messageId}.pain008.${version}.xml`, xml };
  },

  send: (ctx: RequestContext, id: number) => leave(ctx, id, 'T'),
  cancel: (ctx: RequestContext, id: number) => leave(ctx, id, 'A'),
};
