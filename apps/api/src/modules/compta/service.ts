/**
 * The Union's accounting (DECISIONS §4): load → authorize (policy, 403) → transition (machine, 412) →
 * persist, number, audit and e-mail in one transaction. Numbers come from the database's counters; an
 * issued invoice is frozen by the database itself (migration 0012); overpayments are refused under the
 * order's row lock.
 */
import {
  EntityType,
  Instalment,
  hhmmOf,
  type BulkCallReport,
  type FeeTable,
  type FeeTableRow,
  type OrderChange,
  type OrderChangeAction,
  type OrderCreate,
  type OrderDetail,
  type OrderLine,
  type OrderSearchCriteria,
  type OrderSearchResult,
  type Preload,
  addDays,
  euros,
  masonicYearBounds,
  yearLabel,
} from '@union/contract';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { guardConstraint, type Refusal } from '../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { notFound, refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { entitiesRepository } from '../entities/repository';
import { mailRepository } from '../mail/repository';
import { frenchDate } from '../../lib/dates';
import { unionSettings } from '../settings/service';
import { feeCallLines, totalOf, withAmounts } from './amounts';
import { feeTableWorkbook, ordersWorkbook } from './excel';
import { invoiceEmail, quoteEmail, reminderEmail } from './mails';
import { orderMachine } from './machine';
import { renderOrderPdf, type DocumentKind } from './pdf';
import { may } from './policy';
import { presentDetail, presentSummary } from './presenter';
import { comptaRepository, type OrderRow } from './repository';

/** Days between an invoice and its due date. */
export const PAYMENT_TERM_DAYS = 30;
/** The Excel export stops there: a larger one is a search to narrow. */
const EXPORT_LIMIT = 50_000;
const RECORD_TYPE = 'accounting_order';

/** The database's refusals, each with its own code and the sentence the treasurer reads. */
const REFUSALS: Record<string, Refusal> = {
  accounting_orders_one_call: {
    code: 'fee_call_exists',
    message:
      'Cette tranche de cotisation vient d’être appelée pour cette loge par une autre personne : rechargez la liste des commandes.',
  },
  accounting_issued_final: {
    code: 'invoice_issued',
    message:
      'Une facture émise ne peut plus être modifiée : annulez-la par un avoir et établissez-en une nouvelle.',
  },
};

const orderNotFound = () => notFound("Cette commande n'existe pas.");
const parisYear = (day: string) => Number(day.slice(0, 4));

async function loadBillable(db: Executor, idEntite: number) {
  const entity = await entitiesRepository.find(db, idEntite);
  if (!entity) throw notFound("Cette loge ou association n'existe pas.");
  if (entity.etat !== 'A')
    throw refused(
      'entity_deleted',
      `« ${entity.nom} » est supprimée : elle ne peut plus recevoir de devis ni de facture.`,
    );
  if (entity.type === 'UN')
    throw refused(
      'entity_union',
      "L'Union ne se facture pas elle-même : choisissez une loge ou une association.",
    );
  return entity;
}

function checkTotal(type: string, tranche: string | null | undefined, lines: OrderLine[]) {
  if (totalOf(lines) < 0 && !(type === 'A' && tranche === 'D'))
    throw refused(
      'negative_total',
      `Le total de la commande est négatif (${euros(totalOf(lines))}) : seule une régularisation de cotisation peut être en faveur de la loge.`,
    );
}

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
      ? await entitiesRepository.membersDuring(ctx.db, entity.id, bounds.debut, bounds.fin)
      : await entitiesRepository.membersOn(ctx.db, entity.id, ctx.clock.today());
  const dejaAppele = tranche === 'D' ? await comptaRepository.calledThirds(ctx.db, entity.id, annee) : 0;
  return { ...feeCallLines({ annee, tranche, montantAnnuel, membres, dejaAppele }), montantAnnuel, membres };
}

async function rentalLines(db: Executor, entityId: number, annee: number): Promise<OrderLine[]> {
  const { debut, fin } = masonicYearBounds(annee);
  const rows = await comptaRepository.unbilledReservations(db, entityId, debut, fin);
  return withAmounts(
    rows.map((r) => ({
      libelle: `${r.salle} — ${frenchDate(r.jour)}, ${hhmmOf(r.debut)}–${hhmmOf(r.fin)} (« ${r.libelle} »)`,
      quantite: (r.fin - r.debut) / 60,
      prixUnitaire: r.tarifHoraire,
      reservationId: r.id,
    })),
  );
}

async function detail(ctx: RequestContext<Executor>, id: number): Promise<OrderDetail> {
  const row = await comptaRepository.find(ctx.db, id);
  if (!row) throw orderNotFound();
  // One after the other: `ctx.db` may be a transaction, whose one connection runs one query at a time.
  const lines = await comptaRepository.lines(ctx.db, id);
  const payments = await comptaRepository.payments(ctx.db, id);
  const reminders = await comptaRepository.reminders(ctx.db, id);
  const history = await audit.historyOf(ctx.db, RECORD_TYPE, id);
  return presentDetail(ctx.caller, row, ctx.clock.today(), { lines, payments, reminders, history });
}

/** The PDF of one document of an order, as it stands now. */
async function render(
  db: Executor,
  order: OrderRow,
  kind: DocumentKind,
  relance?: { niveau: number; date: string },
) {
  const entity = (await entitiesRepository.find(db, order.entityId))!;
  const lines = (await comptaRepository.lines(db, order.id)).map((l) => ({
    libelle: l.libelle,
    quantite: Number(l.quantite),
    prixUnitaire: l.prixUnitaire,
    montant: l.montant,
    reservationId: l.reservationId,
  }));
  const paye = await comptaRepository.paidAmount(db, order.id);
  const union = await unionSettings(db);
  return renderOrderPdf({
    kind,
    union,
    entite: {
      nom: entity.nom,
      adresseFacturation: entity.adresseFacturation,
      emailFacturation: entity.emailFacturation,
    },
    objet: order.objet,
    numeroDevis: order.numeroDevis,
    numeroFacture: order.numeroFacture,
    numeroAvoir: order.numeroAvoir,
    dateDevis: order.dateDevis,
    dateFacture: order.dateFacture,
    dateEcheance: order.dateEcheance,
    dateAvoir: order.dateAvoir,
    lignes: lines,
    total: order.total,
    paye,
    relance,
    brouillon: kind === 'facture' && !order.numeroFacture,
  });
}

const fileName = (kind: DocumentKind, order: OrderRow, niveau?: number) => {
  switch (kind) {
    case 'devis':
      return `${order.numeroDevis}.pdf`;
    case 'facture':
      return `${order.numeroFacture ?? `facture-brouillon-${order.id}`}.pdf`;
    case 'avoir':
      return `${order.numeroAvoir}.pdf`;
    case 'relance':
      return `relance-${niveau}-${order.numeroFacture}.pdf`;
  }
};

/** The billing address of the order's entity, or a 412 that says what to do instead. */
async function billingAddress(
  db: Executor,
  order: OrderRow,
  instead: string,
): Promise<{ to: string; entite: string }> {
  const entity = (await entitiesRepository.find(db, order.entityId))!;
  if (!entity.emailFacturation)
    throw refused(
      'no_billing_email',
      `« ${entity.nom} » n'a pas d'adresse e-mail de facturation : renseignez-la dans Administration › Entités, ou ${instead}.`,
    );
  return { to: entity.emailFacturation, entite: entity.nom };
}

/** Gives the draft its invoice number and dates (French law: numbered when issued, never before). */
async function issue(tx: TxContext, order: OrderRow): Promise<OrderRow> {
  checkTotal(order.type, order.tranche, [{ montant: order.total } as OrderLine]);
  const today = tx.clock.today();
  const issued = {
    numeroFacture: await comptaRepository.nextNumber(tx.db, 'FA', parisYear(today)),
    dateFacture: today,
    dateEcheance: addDays(today, PAYMENT_TERM_DAYS),
    etat: 'FE' as const,
  };
  await comptaRepository.update(tx.db, order.id, issued, tx.clock.now());
  return { ...order, ...issued };
}

async function sendDocument(tx: TxContext, order: OrderRow, kind: 'devis' | 'facture') {
  const { to, entite } = await billingAddress(
    tx.db,
    order,
    kind === 'devis' ? 'marquez le devis comme envoyé' : 'émettez la facture sans e-mail',
  );
  const union = (await unionSettings(tx.db)).identite.raisonSociale;
  const facts = {
    to,
    union,
    entite,
    objet: order.objet,
    numero: (kind === 'devis' ? order.numeroDevis : order.numeroFacture)!,
    total: order.total,
    echeance: order.dateEcheance,
  };
  const pdf = await render(tx.db, order, kind);
  await mailRepository.enqueueWithAttachments(
    tx.db,
    kind === 'devis' ? quoteEmail(facts) : invoiceEmail(facts),
    [{ nom: fileName(kind, order), typeMime: 'application/pdf', contenu: pdf }],
    tx.clock.now(),
  );
}

/** Records a payment under the order's lock: never more than what remains. Answers what is paid now. */
async function recordPayment(tx: TxContext, order: OrderRow, paiement: NonNullable<OrderChange['paiement']>) {
  const paye = await comptaRepository.paidAmount(tx.db, order.id);
  const reste = order.total - paye;
  if (paiement.montant > reste)
    throw refused(
      'overpayment',
      `Le paiement de ${euros(paiement.montant)} dépasse le reste à payer de la facture (${euros(Math.max(reste, 0))}).`,
    );
  await comptaRepository.insertPayment(
    tx.db,
    {
      orderId: order.id,
      mode: paiement.mode,
      date: paiement.date,
      reference: paiement.reference ?? null,
      montant: paiement.montant,
      createdById: tx.caller.id,
    },
    tx.clock.now(),
  );
  return paye + paiement.montant;
}

export const comptaService = {
  async search(ctx: RequestContext, c: OrderSearchCriteria): Promise<OrderSearchResult> {
    authorize(may(ctx, 'READ', null));
    const today = ctx.clock.today();
    const { rows, totals } = await comptaRepository.search(ctx.db, c, today);
    return { ...totals, page: c.page, taille: c.taille, lignes: rows.map((r) => presentSummary(r, today)) };
  },

  async excel(ctx: RequestContext, c: OrderSearchCriteria): Promise<Buffer> {
    authorize(may(ctx, 'READ', null));
    const today = ctx.clock.today();
    const rows = await comptaRepository.searchAll(ctx.db, c, today, EXPORT_LIMIT);
    return ordersWorkbook(rows.map((r) => presentSummary(r, today)));
  },

  async infos(ctx: RequestContext, id: number): Promise<OrderDetail> {
    authorize(may(ctx, 'READ', null));
    return detail(ctx, id);
  },

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
    if (q.type === 'L') {
      const lignes = await rentalLines(ctx.db, entity.id, q.annee);
      return {
        objet: `Locations de salles ${yearLabel(q.annee)}`,
        lignes,
        explication: lignes.length
          ? `${lignes.length} réservation${lignes.length > 1 ? 's' : ''} confirmée${lignes.length > 1 ? 's' : ''} non encore facturée${lignes.length > 1 ? 's' : ''} de ${yearLabel(q.annee)}, au tarif horaire de chaque salle.`
          : `Aucune réservation confirmée de ${yearLabel(q.annee)} ne reste à facturer pour « ${entity.nom} ».`,
      };
    }
    return { objet: '', lignes: [], explication: 'Saisissez les lignes de la commande.' };
  },

  async create(ctx: RequestContext, input: OrderCreate): Promise<OrderDetail> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const entity = await loadBillable(tx.db, input.idEntite);
      const lignes = withAmounts(input.lignes);
      checkTotal(input.type, input.tranche, lignes);
      if (input.type === 'A') {
        const existing = await comptaRepository.existingCall(tx.db, entity.id, input.annee, input.tranche!);
        if (existing)
          throw refused(
            'fee_call_exists',
            `Le ${Instalment.labels[input.tranche!]} ${yearLabel(input.annee)} a déjà été appelé pour « ${entity.nom} » (commande n° ${existing.id}) : annulez-le d'abord pour l'appeler de nouveau.`,
          );
      }
      const today = tx.clock.today();
      const numeroDevis = input.devis
        ? await comptaRepository.nextNumber(tx.db, 'DE', parisYear(today))
        : null;
      const order = await guardConstraint(
        () =>
          comptaRepository.insert(
            tx.db,
            {
              type: input.type,
              entityId: entity.id,
              annee: input.annee,
              tranche: input.type === 'A' ? input.tranche! : null,
              objet: input.objet,
              etat: input.devis ? 'DC' : 'FC',
              total: totalOf(lignes),
              numeroDevis,
              dateDevis: input.devis ? today : null,
              createdById: tx.caller.id,
            },
            tx.clock.now(),
          ),
        REFUSALS,
      );
      await comptaRepository.replaceLines(tx.db, order.id, lignes);
      await audit.record(tx, {
        action: 'accounting_order_created',
        recordType: RECORD_TYPE,
        recordId: order.id,
        details: { devis: input.devis, numeroDevis, entiteId: entity.id, total: order.total },
      });
      return detail(tx, order.id);
    });
  },

  async change(ctx: RequestContext, action: OrderChangeAction, body: OrderChange): Promise<OrderDetail> {
    // 403 before anything is said of the order: acting needs COMPTA_SAISIE whatever the order.
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const order = await comptaRepository.lock(tx.db, body.id);
      if (!order) throw orderNotFound();
      const next = decide(
        orderMachine,
        order.etat,
        action,
        may(tx, action, { etat: order.etat, hasQuote: !!order.numeroDevis }),
      );
      const details: Record<string, unknown> = { action };
      const today = tx.clock.today();
      let current: OrderRow = order;

      switch (action) {
        case 'EDIT_DEVIS':
        case 'EDIT_FACTURE': {
          if (body.objet === undefined && body.lignes === undefined)
            throw refused(
              'nothing_to_change',
              "Rien à modifier : envoyez l'objet ou les lignes de la commande.",
            );
          const changes: Partial<OrderRow> = {};
          if (body.objet !== undefined) changes.objet = body.objet;
          if (body.lignes) {
            const lignes = withAmounts(body.lignes);
            checkTotal(order.type, order.tranche, lignes);
            await guardConstraint(() => comptaRepository.replaceLines(tx.db, order.id, lignes), REFUSALS);
            changes.total = totalOf(lignes);
          }
          await guardConstraint(
            () => comptaRepository.update(tx.db, order.id, changes, tx.clock.now()),
            REFUSALS,
          );
          details.champs = Object.keys(changes);
          break;
        }
        case 'SEND_DEVIS':
          await sendDocument(tx, order, 'devis');
          await comptaRepository.update(tx.db, order.id, { etat: next }, tx.clock.now());
          break;
        case 'DEVIS_SENT':
        case 'TRANSFORM_DEVIS':
          await comptaRepository.update(tx.db, order.id, { etat: next }, tx.clock.now());
          break;
        case 'DEVIS_REFUSED':
        case 'DEVIS_CANCELLED':
          await comptaRepository.update(
            tx.db,
            order.id,
            { etat: next, motifAnnulation: body.motif || null },
            tx.clock.now(),
          );
          if (body.motif) details.motif = body.motif;
          break;
        case 'SEND_FACTURE':
        case 'FACTURE_SENT':
          if (order.etat === 'FC') {
            current = await issue(tx, order);
            details.numero = current.numeroFacture;
          }
          if (action === 'SEND_FACTURE') await sendDocument(tx, current, 'facture');
          break;
        case 'FACTURE_CANCELLED': {
          if (order.etat === 'FE') {
            if ((await comptaRepository.paidAmount(tx.db, order.id)) > 0)
              throw refused(
                'invoice_has_payments',
                'Des paiements sont enregistrés sur cette facture : elle ne peut pas être annulée par un avoir tant qu’ils ne sont pas remboursés.',
              );
            const numeroAvoir = await comptaRepository.nextNumber(tx.db, 'AV', parisYear(today));
            await comptaRepository.update(
              tx.db,
              order.id,
              {
                etat: next,
                numeroAvoir,
                dateAvoir: today,
                motifAnnulation: body.motif || null,
              },
              tx.clock.now(),
            );
            details.numero = numeroAvoir;
          } else {
            await comptaRepository.update(
              tx.db,
              order.id,
              {
                etat: next,
                motifAnnulation: body.motif || null,
              },
              tx.clock.now(),
            );
          }
          if (body.motif) details.motif = body.motif;
          break;
        }
        case 'EDIT_PAYMENT':
        case 'FACTURE_PAID': {
          if (action === 'EDIT_PAYMENT' && !body.paiement)
            throw refused(
              'payment_missing',
              'Indiquez le paiement : mode (chèque ou virement), date et montant.',
            );
          let paye = await comptaRepository.paidAmount(tx.db, order.id);
          if (body.paiement) {
            paye = await recordPayment(tx, order, body.paiement);
            Object.assign(details, { montant: body.paiement.montant, mode: body.paiement.mode });
          }
          if (action === 'FACTURE_PAID' && paye < order.total)
            throw refused(
              'invoice_not_paid',
              `Il reste ${euros(order.total - paye)} à payer : enregistrez ce paiement (mode, date, montant) pour solder la facture.`,
            );
          // The last payment settles the invoice.
          if (paye >= order.total)
            await comptaRepository.update(tx.db, order.id, { etat: 'FP' }, tx.clock.now());
          break;
        }
        case 'RELANCE_FACTURE': {
          if (!order.dateEcheance || order.dateEcheance >= today)
            throw refused(
              'not_overdue',
              `La facture n'est pas encore échue (échéance le ${frenchDate(order.dateEcheance ?? today)}) : une relance n'est possible qu'après.`,
            );
          const niveau = Math.min(order.niveauRelance + 1, 3);
          const { to, entite } = await billingAddress(
            tx.db,
            order,
            'envoyez le courrier de relance par la poste',
          );
          const paye = await comptaRepository.paidAmount(tx.db, order.id);
          const pdf = await render(tx.db, order, 'relance', { niveau, date: today });
          const union = (await unionSettings(tx.db)).identite.raisonSociale;
          await mailRepository.enqueueWithAttachments(
            tx.db,
            reminderEmail({
              to,
              union,
              entite,
              objet: order.objet,
              numero: order.numeroFacture!,
              total: order.total,
              reste: order.total - paye,
              echeance: order.dateEcheance,
              niveau,
            }),
            [
              { nom: fileName('relance', order, niveau), typeMime: 'application/pdf', contenu: pdf },
              {
                nom: fileName('facture', order),
                typeMime: 'application/pdf',
                contenu: await render(tx.db, order, 'facture'),
              },
            ],
            tx.clock.now(),
          );
          await comptaRepository.insertReminder(
            tx.db,
            {
              orderId: order.id,
              niveau,
              date: today,
              sentById: tx.caller.id,
            },
            tx.clock.now(),
          );
          await comptaRepository.update(tx.db, order.id, { niveauRelance: niveau }, tx.clock.now());
          details.niveau = niveau;
          break;
        }
      }
      await audit.record(tx, {
        action: 'accounting_order_changed',
        recordType: RECORD_TYPE,
        recordId: order.id,
        details,
      });
      return detail(tx, order.id);
    });
  },

  /** A document of the order as PDF: the quote, the invoice (a draft says so), its credit note, the last reminder. */
  async document(
    ctx: RequestContext,
    id: number,
    kind: DocumentKind,
  ): Promise<{ nom: string; contenu: Buffer }> {
    authorize(may(ctx, 'READ', null));
    const row = await comptaRepository.find(ctx.db, id);
    if (!row) throw orderNotFound();
    const order = row.order;
    const action = kind === 'devis' ? 'DOWNLOAD_DEVIS' : 'DOWNLOAD_FACTURE';
    decide(
      orderMachine,
      order.etat,
      action,
      may(ctx, action, { etat: order.etat, hasQuote: !!order.numeroDevis }),
    );
    if (kind === 'avoir' && !order.numeroAvoir)
      throw refused(
        'no_credit_note',
        "Cette facture n'a pas d'avoir : seule une facture émise puis annulée en a un.",
      );
    let relance: { niveau: number; date: string } | undefined;
    if (kind === 'relance') {
      const last = (await comptaRepository.reminders(ctx.db, id)).at(-1);
      if (!last) throw refused('no_reminder', "Aucune relance n'a été envoyée pour cette facture.");
      relance = { niveau: last.niveau, date: last.date };
    }
    return {
      nom: fileName(kind, order, relance?.niveau),
      contenu: await render(ctx.db, order, kind, relance),
    };
  },

  /** Calls one instalment for every active lodge and association at once, as invoice drafts. */
  async bulkCall(ctx: RequestContext, q: { annee: number; tranche: Instalment }): Promise<BulkCallReport> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const report: BulkCallReport = { crees: [], ignores: [] };
      for (const entity of await entitiesRepository.billable(tx.db)) {
        const existing = await comptaRepository.existingCall(tx.db, entity.id, q.annee, q.tranche);
        if (existing) {
          report.ignores.push({ entite: entity.nom, raison: `déjà appelé (commande n° ${existing.id})` });
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
        const order = await guardConstraint(
          () =>
            comptaRepository.insert(
              tx.db,
              {
                type: 'A',
                entityId: entity.id,
                annee: q.annee,
                tranche: q.tranche,
                objet: call.objet,
                etat: 'FC',
                total,
                createdById: tx.caller.id,
              },
              tx.clock.now(),
            ),
          REFUSALS,
        );
        await comptaRepository.replaceLines(tx.db, order.id, call.lignes);
        await audit.record(tx, {
          action: 'accounting_order_created',
          recordType: RECORD_TYPE,
          recordId: order.id,
          details: { devis: false, entiteId: entity.id, total, appelGroupe: true },
        });
        report.crees.push({ id: order.id, entite: entity.nom, total });
      }
      return report;
    });
  },

  /** The fee-call table of a year: one row per entity (or the one asked), instalments called and paid. */
  async feeTable(ctx: RequestContext, annee: number, tiers?: number): Promise<FeeTable> {
    authorize(may(ctx, 'READ', null));
    if (tiers && !(await entitiesRepository.find(ctx.db, tiers)))
      throw notFound("Cette loge ou association n'existe pas.");
    const entities = await entitiesRepository.billable(ctx.db, tiers);
    const calls = await comptaRepository.feeCalls(ctx.db, annee, tiers);
    const membres = await entitiesRepository.membersOnEach(
      ctx.db,
      entities.map((e) => e.id),
      ctx.clock.today(),
    );
    const lignes: FeeTableRow[] = [];
    for (const entity of entities) {
      const tranches: FeeTableRow['tranches'] = { A: null, B: null, C: null, D: null };
      for (const c of calls.filter((c) => c.entityId === entity.id && c.tranche)) {
        // A draft is prepared, not called: it counts once issued.
        tranches[c.tranche!] = {
          appele: c.etat.startsWith('F') && c.etat !== 'FC' ? c.total : 0,
          paye: c.paye,
        };
      }
      const cells = Object.values(tranches).filter((c) => c !== null);
      const appele = cells.reduce((sum, c) => sum + c.appele, 0);
      const paye = cells.reduce((sum, c) => sum + c.paye, 0);
      lignes.push({
        entite: { id: entity.id, nom: entity.nom },
        type: EntityType.labels[entity.type],
        membres: membres.get(entity.id) ?? 0,
        tranches,
        appele,
        paye,
        reste: appele - paye,
      });
    }
    return { annee, lignes };
  },

  async feeTableExcel(ctx: RequestContext, annee: number, tiers?: number): Promise<Buffer> {
    const table = await comptaService.feeTable(ctx, annee, tiers);
    return feeTableWorkbook(annee, table.lignes);
  },
};
