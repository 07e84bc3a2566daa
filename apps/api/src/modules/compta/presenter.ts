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
import type { Caller } from '../../lib/authorize';
import { presentHistory } from '../audit/presenter';
import type { AuditRow } from '../audit/repository';
import { orderActions } from './policy';
import type { LineRow, OrderRow } from './repository';

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
    enRetard: o.etat === 'FE' && !!o.dateEcheance && o.dateEcheance < today && r.paye < o.total,
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

/** A line as the order page, the PDF and the Factur-X XML show it (the quantity is stored as a decimal). */
export const presentLine = (l: LineRow) => ({
  libelle: l.libelle,
  quantite: Number(l.quantite),
  prixUnitaire: l.prixUnitaire,
  montant: l.montant,
  reservationId: l.reservationId,
});

/** What an audit entry of an order says happened, in French. */
export function historyLabel(action: string, details: Record<string, unknown>): string {
  if (action === 'accounting_order_created')
    return details.devis
      ? `Devis ${String(details.numeroDevis ?? '')} créé`.replace('  ', ' ')
      : 'Facture en préparation créée';
  const act = details.action as keyof typeof OrderAction.labels | undefined;
  let label = act && act in OrderAction.labels ? OrderAction.labels[act] : action;
  if (details.numero) label += ` (${String(details.numero)})`;
  if (typeof details.montant === 'number' && details.mode)
    label +=
      details.mode === 'B'
        ? ` : ${euros(details.montant)} par carte bancaire en ligne`
        : ` : ${euros(details.montant)} par ${PaymentMode.labels[details.mode as 'C' | 'V'].toLowerCase()}`;
  if (details.niveau) label += ` (niveau ${String(details.niveau)})`;
  if (details.motif) label += ` — ${String(details.motif)}`;
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
      mode: RecordedPaymentMode;
      date: string;
      reference: string | null;
      montant: number;
    }[];
    reminders: { niveau: number; date: string; nom: string | null; prenom: string | null }[];
    history: AuditRow[];
  },
): OrderDetail {
  const o = r.order;
  return {
    ...presentSummary(r, today),
    lignes: parts.lines.map(presentLine),
    paiements: parts.payments.map((p) => ({
      id: p.id,
      mode: p.mode,
      date: p.date,
      reference: p.reference,
      montant: p.montant,
    })),
    relances: parts.reminders.map((m) => ({
      niveau: m.niveau,
      date: m.date,
      auteur: m.nom ? `${m.prenom} ${m.nom}` : null,
    })),
    dateDevis: o.dateDevis,
    dateAvoir: o.dateAvoir,
    motifAnnulation: o.motifAnnulation,
    historique: presentHistory(parts.history, (h) => ({ libelle: historyLabel(h.action, h.details) })),
    actions: orderActions({ caller }, { etat: o.etat, hasQuote: !!o.numeroDevis }),
  };
}
