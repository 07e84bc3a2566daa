/**
 * Fee calls and what a new order proposes (DECISIONS §4): the lines of an instalment or of the rentals not
 * billed yet, one instalment called for every lodge and association at once, the fee table of a year.
 */
import {
  EntityType,
  hhmmOf,
  masonicYearBounds,
  OrderSearchSchema,
  yearLabel,
  type BulkCallReport,
  type BulkIssue,
  type BulkIssuePreview,
  type BulkIssueReport,
  type FeeTable,
  Instalment,
  type OrderLine,
  type Preload,
} from '@union/contract';
import type { Executor } from '../../../db/client';
import { authorize } from '../../../lib/authorize';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { frenchDate } from '../../../lib/dates';
import { AppError, notFound, refused } from '../../../lib/errors';
import { decide } from '../../../lib/policy';
import { audit } from '../../audit/audit';
import { headcountRepository } from '../../entities/current-members-repository';
import { entityRepository } from '../../entities/entity-repository';
import { unionSettings } from '../../settings/service';
import { totalOf, withAmounts } from '../amounts';
import { feeTableWorkbook } from '../documents/excel';
import { orderMachine } from '../machine';
import { RECORD_TYPE, pieceName } from '../order-records/record';
import { checkTotal, insertOrder, loadBillable } from '../orders/common';
import { sendInvoice } from '../orders/invoices';
import { may } from '../policy';
import { orderRecords } from '../order-records/repository';
import { feeCallsRepository } from './repository';
import { feeCallLines } from './lines';
import { presentFeeTable, presentRentals } from './presenter';

/** The fee lines of an instalment for an entity (preload and bulk calls). */
async function feeCall(
  ctx: RequestContext<Executor>,
  entity: { id: number; type: EntityType },
  annee: number,
  tranche: Instalment,
) {
  const settings = await unionSettings(ctx.db);
  const montantAnnuel = settings.cotisations[entity.type];
  const bounds = masonicYearBounds(annee);
  const membres =
    tranche === 'D'
      ? await headcountRepository.membersDuring(ctx.db, entity.id, bounds.debut, bounds.fin)
      : await headcountRepository.membersOn(ctx.db, entity.id, ctx.clock.today());
  const dejaAppele = tranche === 'D' ? await feeCallsRepository.calledThirds(ctx.db, entity.id, annee) : 0;
  return { ...feeCallLines({ annee, tranche, montantAnnuel, membres, dejaAppele }), montantAnnuel, membres };
}

/** The confirmed reservations of a year not billed yet, one line each at its room's hourly rate. */
async function rentalLines(db: Executor, entityId: number, annee: number): Promise<OrderLine[]> {
  const { debut, fin } = masonicYearBounds(annee);
  const rows = await feeCallsRepository.unbilledReservations(db, entityId, debut, fin);
  return withAmounts(
    rows.map((r) => ({
      libelle: `${r.salle} — ${frenchDate(r.jour)}, ${hhmmOf(r.debut)}–${hhmmOf(r.fin)} (« ${r.libelle} »)`,
      quantite: (r.fin - r.debut) / 60,
      prixUnitaire: r.tarifHoraire,
      reservationId: r.id,
    })),
  );
}

/**
 * The drafts of one fee call (type A, year, instalment, still FC), by lodge name, and whether each can be
 * issued and e-mailed now: a billing e-mail is needed, and the amount must be one an invoice may carry.
 */
async function bulkIssuePlan(
  db: Executor,
  q: { annee: number; tranche: Instalment },
): Promise<BulkIssuePreview> {
  const criteria = OrderSearchSchema.parse({
    type: 'A',
    etat: 'FC',
    annee: q.annee,
    tranche: q.tranche,
    tri: 'entite',
    sens: 'asc',
  });
  const rows = (await orderRecords.searchAll(db, criteria, '9999-12-31', 5000)).sort((a, b) =>
    a.entite.nom.localeCompare(b.entite.nom, 'fr'),
  );
  const preview: BulkIssuePreview = {
    annee: q.annee,
    tranche: q.tranche,
    emises: [],
    ignorees: [],
    total: 0,
  };
  for (const r of rows) {
    const line = { id: r.order.id, entite: r.entite.nom, total: r.order.total };
    const entity = await entityRepository.find(db, r.entite.id);
    if (!entity?.emailFacturation) {
      preview.ignorees.push({
        ...line,
        raison:
          'pas d’adresse e-mail de facturation : renseignez-la (Administration › Entités) ou émettez cette facture depuis sa fiche sans e-mail',
      });
      continue;
    }
    try {
      checkTotal(r.order.type, r.order.tranche, [{ montant: r.order.total }]);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      preview.ignorees.push({ ...line, raison: error.message });
      continue;
    }
    preview.emises.push({ ...line, email: entity.emailFacturation });
    preview.total += line.total;
  }
  return preview;
}

export const feeCallsService = {
  /** The lines a new order proposes: an instalment's (A), the rentals not billed yet (L), none (S). */
  async preload(
    ctx: RequestContext,
    q: { idEntite: number; type: 'A' | 'L' | 'S'; annee: number; tranche?: Instalment },
  ): Promise<Preload> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    const entity = await loadBillable(ctx.db, q.idEntite);
    if (q.type === 'A') {
      const call = await feeCall(ctx, entity, q.annee, q.tranche!);
      return { objet: call.objet, lignes: call.lignes, explication: call.explication };
    }
    if (q.type === 'L')
      return presentRentals(q.annee, entity.nom, await rentalLines(ctx.db, entity.id, q.annee));
    return { objet: '', lignes: [], explication: 'Saisissez les lignes de la facture ou du devis.' };
  },

  /** Calls one instalment for every active lodge and association at once, as invoice drafts. */
  async bulkCall(ctx: RequestContext, q: { annee: number; tranche: Instalment }): Promise<BulkCallReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const report: BulkCallReport = { crees: [], ignores: [] };
      for (const entity of await entityRepository.billable(tx.db)) {
        const existing = await orderRecords.existingCall(tx.db, entity.id, q.annee, q.tranche);
        if (existing) {
          report.ignores.push({ entite: entity.nom, raison: `déjà appelé (${pieceName(existing)})` });
          continue;
        }
        const call = await feeCall(tx, entity, q.annee, q.tranche);
        if (!call.montantAnnuel) {
          report.ignores.push({
            entite: entity.nom,
            raison: `cotisation annuelle non renseignée pour le type « ${EntityType.labels[entity.type]} » (Administration › Paramètres)`,
          });
          continue;
        }
        if (!call.membres) {
          report.ignores.push({ entite: entity.nom, raison: 'aucun membre actif' });
          continue;
        }
        const total = totalOf(call.lignes);
        if (q.tranche === 'D' && total === 0) {
          report.ignores.push({ entite: entity.nom, raison: 'rien à régulariser' });
          continue;
        }
        const order = await insertOrder(
          tx,
          {
            type: 'A',
            entityId: entity.id,
            annee: q.annee,
            tranche: q.tranche,
            objet: call.objet,
            etat: 'FC',
            total,
          },
          call.lignes,
          { devis: false, entiteId: entity.id, total, appelGroupe: true },
        );
        report.crees.push({ id: order.id, entite: entity.nom, total });
      }
      return report;
    });
  },

  /** What issuing a fee call's drafts would do: how many, the total, who is left out and why. Changes nothing. */
  async bulkIssuePreview(
    ctx: RequestContext,
    q: { annee: number; tranche: Instalment },
  ): Promise<BulkIssuePreview> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return bulkIssuePlan(ctx.db, q);
  },

  /**
   * Issues and e-mails the drafts the preview showed, in ONE transaction: all are issued or none. The
   * drafts are locked in id order (two treasurers at once queue instead of deadlocking), the plan is made
   * again under the locks, and if it is no longer exactly the previewed set (a draft issued, cancelled or
   * added meanwhile) nothing is done (412, preview again). Numbers are drawn from the year's counter in
   * the preview's order (lodge names), inside this transaction: gap-free, as for one invoice.
   */
  async bulkIssue(ctx: RequestContext, q: BulkIssue): Promise<BulkIssueReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const asked = [...new Set(q.ids)].sort((a, b) => a - b);
      const locked = new Map<number, Awaited<ReturnType<typeof orderRecords.lock>>>();
      for (const id of asked) locked.set(id, await orderRecords.lock(tx.db, id));
      const plan = await bulkIssuePlan(tx.db, q);
      const planned = plan.emises.map((e) => e.id).sort((a, b) => a - b);
      if (planned.length !== asked.length || planned.some((id, i) => id !== asked[i]))
        throw refused(
          'bulk_changed',
          `Les factures en préparation du ${Instalment.labels[q.tranche]} ${yearLabel(q.annee)} ont changé depuis l’aperçu (une émise, annulée ou ajoutée entre-temps) : rien n’a été émis, rechargez l’aperçu.`,
        );
      const report: BulkIssueReport = { emises: [] };
      for (const line of plan.emises) {
        const order = locked.get(line.id)!;
        const next = decide(
          orderMachine,
          order.etat,
          'SEND_FACTURE',
          may(tx, 'SEND_FACTURE', { etat: order.etat, hasQuote: !!order.numeroDevis }),
        );
        const details = await sendInvoice(tx, { order, next, body: { id: order.id } });
        await audit.record(tx, {
          action: 'accounting_order_changed',
          recordType: RECORD_TYPE,
          recordId: order.id,
          details: { action: 'SEND_FACTURE', ...details, groupe: true },
        });
        report.emises.push({
          id: order.id,
          entite: line.entite,
          numero: String(details.numero),
          total: line.total,
        });
      }
      return report;
    });
  },

  /** The fee-call table of a year: one row per entity (or the one asked), instalments called and paid. */
  async feeTable(ctx: RequestContext, annee: number, tiers?: number): Promise<FeeTable> {
    authorize(may(ctx, 'READ', null));
    if (tiers && !(await entityRepository.find(ctx.db, tiers)))
      throw notFound("Cette loge ou association n'existe pas.");
    const entities = await entityRepository.billable(ctx.db, tiers);
    const calls = await feeCallsRepository.feeCalls(ctx.db, annee, tiers);
    const membres = await headcountRepository.membersOnEach(
      ctx.db,
      entities.map((e) => e.id),
      ctx.clock.today(),
    );
    return { annee, lignes: presentFeeTable(entities, calls, membres) };
  },

  async feeTableExcel(ctx: RequestContext, annee: number, tiers?: number): Promise<Buffer> {
    const table = await feeCallsService.feeTable(ctx, annee, tiers);
    return feeTableWorkbook(annee, table.lignes);
  },
};
