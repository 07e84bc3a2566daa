/** Orders as the contract shows them: summaries for lists and searches, details with lines, payments and history. */
import {
  euros,
  OrderAction,
  PaymentMode,
  type RecordedPaymentMode,
  type OrderDetail,
  type OrderSearchCriteria,
  type OrderSearchResult,
  type OrderSummary,
} from '@union/contract';
import type { Caller } from '../../../lib/authorize';
import { presentHistory } from '../../audit/presenter';
import type { AuditRow } from '../../audit/repository';
import { presentLine } from '../amounts';
import { dueOf, orderActions, unavailableActions, type MoneyFacts } from '../policy';
import type { PaymentRow } from '../payments/repository';
import type { CreditNoteRow, LineRow, OrderRow } from '../order-records/repository';

interface SummaryRow {
  order: OrderRow;
  entite: { id: number; code: string; nom: string };
  paye: number;
}

export function presentSummary(r: SummaryRow, today: string): OrderSummary {
  const o = r.order;
  return {
    id: o.id,
    type: o.type,
    etat: o.etat,
    entite: r.entite,
    annee: o.annee,
    tranche: o.tranche ?? null,
    objet: o.objet,
    numeroDevis: o.numeroDevis,
    numeroFacture: o.numeroFacture,
    numeroAvoir: o.numeroAvoir,
    dateFacture: o.dateFacture,
    dateEcheance: o.dateEcheance,
    total: o.total,
    paye: r.paye,
    credite: o.credite,
    // A quote, a draft or a cancelled invoice has nothing due.
    du: o.etat === 'FE' || o.etat === 'FP' ? dueOf(o) : 0,
    enRetard: o.etat === 'FE' && !!o.dateEcheance && o.dateEcheance < today && o.regle < o.total,
    niveauRelance: o.niveauRelance,
    creeLe: o.createdAt.toISOString(),
  };
}

/** A page of the search, with the totals of every order it matches. */
export function presentSearch(
  result: { rows: SummaryRow[]; totals: { total: number; montantTotal: number; montantDu: number } },
  c: Pick<OrderSearchCriteria, 'page' | 'taille'>,
  today: string,
): OrderSearchResult {
  return {
    ...result.totals,
    page: c.page,
    taille: c.taille,
    lignes: result.rows.map((r) => presentSummary(r, today)),
  };
}

const modeOf = (details: Record<string, unknown>) =>
  details.mode === 'B'
    ? ' par carte bancaire en ligne'
    : details.mode === 'P'
      ? ' par prélèvement SEPA'
      : details.mode === 'C' || details.mode === 'V'
        ? ` par ${PaymentMode.labels[details.mode].toLowerCase()}`
        : '';
const amountOf = (details: Record<string, unknown>) =>
  typeof details.montant === 'number' ? euros(details.montant) : '';

/** What each action did, as the history reads it (what happened, not the command). */
const HAPPENED: Record<string, (d: Record<string, unknown>) => string> = {
  EDIT_DEVIS: () => 'Devis modifié',
  SEND_DEVIS: () => 'Devis envoyé par e-mail',
  DEVIS_SENT: () => 'Devis marqué comme envoyé',
  DEVIS_REFUSED: () => 'Devis refusé',
  DEVIS_CANCELLED: () => 'Devis annulé',
  TRANSFORM_DEVIS: () => 'Devis transformé en facture en préparation',
  EDIT_FACTURE: () => 'Facture en préparation modifiée',
  SEND_FACTURE: (d) =>
    d.numero ? `Facture ${String(d.numero)} émise et envoyée par e-mail` : 'Facture renvoyée par e-mail',
  FACTURE_SENT: (d) => `Facture ${String(d.numero ?? '')} émise`.trim(),
  FACTURE_CANCELLED: (d) =>
    d.numero
      ? `Facture annulée par l’avoir ${String(d.numero)}${d.montant ? ` de ${amountOf(d)}` : ''}`
      : 'Facture annulée',
  FACTURE_PAID: (d) =>
    d.montant ? `Paiement de ${amountOf(d)} enregistré${modeOf(d)}, facture soldée` : 'Facture soldée',
  RELANCE_FACTURE: (d) => `Relance de niveau ${String(d.niveau)} envoyée par e-mail`,
  EDIT_PAYMENT: (d) => `Paiement de ${amountOf(d)} enregistré${modeOf(d)}`,
  AVOIR_FACTURE: (d) =>
    `Avoir ${String(d.numero)} de ${amountOf(d)} établi` +
    (typeof d.credit === 'number' ? `, ${euros(d.credit)} portés au crédit de la loge` : ''),
  REVERSE_PAYMENT: (d) =>
    typeof d.rembourse === 'number'
      ? `Paiement${modeOf(d)} contre-passé pour ${amountOf(d)} (${euros(d.rembourse)} déjà remboursés à la loge)`
      : `Paiement de ${amountOf(d)}${modeOf(d)} contre-passé`,
  USE_CREDIT: (d) => `Crédit de la loge de ${amountOf(d)} imputé sur la facture`,
  ALLOCATED: (d) =>
    `Paiement de ${amountOf(d)} enregistré${modeOf(d)} (affecté ${euros(Number(d.affecte))} à cette facture)`,
};

/** The lodges' payments by card on the account page (accounts/), recorded by the system. */
const ONLINE: Record<string, (d: Record<string, unknown>) => string> = {
  invoice_online_payment_started: (d) => `Paiement en ligne de ${amountOf(d)} commencé par la loge`,
  invoice_online_payment_failed: (d) => `Paiement en ligne de ${amountOf(d)} non abouti`,
  invoice_online_payment_unapplied: (d) =>
    `Paiement en ligne de ${amountOf(d)} reçu alors que la facture n’attendait plus ce montant : à régulariser`,
  invoice_online_payment_credited: (d) => `Paiement en ligne de ${amountOf(d)} porté au crédit de la loge`,
  invoice_online_payment_refunded: (d) => `Paiement en ligne de ${amountOf(d)} remboursé à la loge`,
};

/** What an audit entry of an order says happened, in French. */
export function historyLabel(action: string, details: Record<string, unknown>): string {
  if (ONLINE[action]) return ONLINE[action](details);
  if (action === 'accounting_order_created')
    return details.devis
      ? `Devis ${String(details.numeroDevis ?? '')} créé`.replace('  ', ' ')
      : 'Facture en préparation créée';
  const act = details.action as string | undefined;
  let label =
    act && HAPPENED[act]
      ? HAPPENED[act](details)
      : act && act in OrderAction.labels
        ? OrderAction.labels[act as keyof typeof OrderAction.labels]
        : action;
  if (details.motif && typeof details.motif === 'string') label += ` — ${details.motif}`;
  return label;
}

export function presentDetail(
  caller: Caller,
  r: SummaryRow,
  today: string,
  parts: {
    lines: LineRow[];
    payments: {
      id: number;
      nature: 'E' | 'C' | 'R';
      mode: RecordedPaymentMode;
      date: string;
      reference: string | null;
      montant: number;
      montantTotal: number;
      motif: string | null;
      contrePasse: boolean;
    }[];
    reversals: PaymentRow[];
    reminders: { niveau: number; date: string; nom: string | null; prenom: string | null }[];
    creditNotes: CreditNoteRow[];
    history: AuditRow[];
    money: MoneyFacts | undefined;
  },
): OrderDetail {
  const o = r.order;
  const facts = { etat: o.etat, hasQuote: !!o.numeroDevis, money: parts.money };
  // Each counter-entry follows the payment it reverses, for what that payment settled of this invoice.
  const paiements = parts.payments.flatMap((p) => {
    const line = { ...p, contrePasse: p.contrePasse };
    const reversal = parts.reversals.find((c) => c.contrePasseId === p.id);
    if (!reversal) return [line];
    return [
      line,
      {
        id: reversal.id,
        nature: 'C' as const,
        mode: reversal.mode,
        date: reversal.date,
        reference: reversal.reference,
        montant: -p.montant,
        montantTotal: reversal.montant,
        motif: reversal.motif,
        contrePasse: false,
      },
    ];
  });
  return {
    ...presentSummary(r, today),
    lignes: parts.lines.map(presentLine),
    paiements,
    avoirs: parts.creditNotes.map((n) => ({
      id: n.id,
      numero: n.numero,
      date: n.date,
      montant: n.montant,
      motif: n.motif,
      lignes: n.lignes.map((l) => ({ libelle: l.libelle, montant: l.montant })),
    })),
    creditable: o.numeroFacture ? Math.max(o.total - o.credite, 0) : 0,
    creditEntite: parts.money?.creditEntite ?? 0,
    indisponibles: unavailableActions({ caller }, facts),
    relances: parts.reminders.map((m) => ({
      niveau: m.niveau,
      date: m.date,
      auteur: m.nom ? `${m.prenom} ${m.nom}` : null,
    })),
    dateDevis: o.dateDevis,
    dateAvoir: o.dateAvoir,
    motifAnnulation: o.motifAnnulation,
    historique: presentHistory(parts.history, (h) => ({ libelle: historyLabel(h.action, h.details) })),
    actions: orderActions({ caller }, facts),
  };
}
