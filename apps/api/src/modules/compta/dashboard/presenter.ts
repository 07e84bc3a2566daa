/**
 * The dashboard's answers from the repository's few rows (pure): the twelve months of a year beside the
 * year before, the card balances cumulated month by month, the next fee call among the instalments.
 */
import {
  Instalment,
  type DashboardCards,
  type DashboardDue,
  type DashboardMonths,
  type DashboardReceivables,
} from '@union/contract';
import type { cardsMonthlyRepository } from '../../restaurant/cards/monthly-repository';
import type { dashboardRepository } from './repository';

type Repo = typeof dashboardRepository;
type Rows<K extends keyof Repo> = Awaited<ReturnType<Repo[K]>>;

export function presentReceivables(rows: Rows<'receivables'>, today: string): DashboardReceivables {
  return {
    date: today,
    lignes: rows.map(({ id, nom, ...figures }) => ({ entite: { id, nom }, ...figures })),
  };
}

/** `jour` is the month's first day (yyyy-mm-01). */
const byMonth = (rows: { jour: string; montant: number }[]) =>
  new Map(rows.map((r) => [r.jour.slice(0, 7), r.montant]));

export function presentMonths(rows: Rows<'months'>, annee: number): DashboardMonths {
  const factures = byMonth(rows.factures);
  const avoirs = byMonth(rows.avoirs);
  const paiements = byMonth(rows.paiements);
  const key = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
  const invoiced = (k: string) => (factures.get(k) ?? 0) - (avoirs.get(k) ?? 0);
  return {
    annee,
    mois: Array.from({ length: 12 }, (_, i) => ({
      mois: i + 1,
      facture: invoiced(key(annee, i + 1)),
      encaisse: paiements.get(key(annee, i + 1)) ?? 0,
      factureAvant: invoiced(key(annee - 1, i + 1)),
      encaisseAvant: paiements.get(key(annee - 1, i + 1)) ?? 0,
    })),
  };
}

/** The twelve yyyy-mm months ending with `today`'s, oldest first. */
export function lastTwelveMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

export function presentCards(
  rows: Awaited<ReturnType<typeof cardsMonthlyRepository.cardMonths>>,
  months: string[],
): DashboardCards {
  const found = new Map(rows.months.map((m) => [m.mois, m]));
  let solde = rows.opening;
  return {
    mois: months.map((mois) => {
      const { credits = 0, debits = 0 } = found.get(mois) ?? {};
      solde += credits - debits;
      return { mois, solde, credits, debits };
    }),
  };
}

const CALLED_IN_THIRDS = ['A', 'B', 'C'] as const;

/** The first third of `annee` (then of the year after) that some entity has not received yet. */
export function nextCall(calls: Rows<'calls'>, annee: number, entites: number): DashboardDue['appel'] {
  if (entites === 0) return null;
  for (const year of [annee, annee + 1])
    for (const tranche of CALLED_IN_THIRDS) {
      const appelees = calls.find((c) => c.annee === year && c.tranche === tranche)?.appelees ?? 0;
      if (appelees < entites)
        return { annee: year, tranche, libelle: Instalment.labels[tranche], appelees, entites };
    }
  return null;
}
