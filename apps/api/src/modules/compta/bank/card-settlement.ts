/**
 * A card provider's settlement (issue 34), pure: Systempay (Lyra) pays the online card payments of one
 * or a few days by one transfer, net of its fees. A credit line whose text or payer names the provider is
 * proposed against the card payments not settled yet, dated before it, of consecutive days: the days
 * whose gross total is at least the line and whose difference (the fees) is the smallest, within
 * CARD_FEES_MAX of the gross. The treasurer confirms; the fees go to 627.
 */
import type { CardSettlement } from '@union/contract';
import { plain } from './matching';

/** A card payment in the books, not settled yet: its entry, day, piece, label and gross amount. */
export interface CardPayment {
  idEcriture: number;
  date: string;
  piece: string;
  libelle: string;
  montant: number;
}

/** The names a provider's transfer carries (Systempay is Lyra's, PayZen its other brand). */
const PROVIDER = / (SYSTEMPAY|LYRA|PAYZEN) /;

/** Fees above a tenth of the gross are no card fees: the days do not match. */
export const CARD_FEES_MAX = 0.1;

export function isProviderLine(line: { montant: number; libelle: string; contrepartie: string | null }) {
  return line.montant > 0 && PROVIDER.test(` ${plain(`${line.libelle} ${line.contrepartie ?? ''}`)} `);
}

export function proposeSettlement(
  line: { montant: number; dateComptable: string },
  pending: CardPayment[],
): CardSettlement | null {
  const byDay = new Map<string, CardPayment[]>();
  for (const p of pending.filter((p) => p.date < line.dateComptable))
    byDay.set(p.date, [...(byDay.get(p.date) ?? []), p]);
  const days = [...byDay.keys()].sort();
  const totals = days.map((d) => byDay.get(d)!.reduce((s, p) => s + p.montant, 0));
  let best: { from: number; to: number; frais: number } | null = null;
  for (let from = 0; from < days.length; from++) {
    let brut = 0;
    for (let to = from; to < days.length; to++) {
      brut += totals[to]!;
      const frais = brut - line.montant;
      if (frais < 0) continue;
      if (frais <= brut * CARD_FEES_MAX && (!best || frais < best.frais)) best = { from, to, frais };
      break;
    }
  }
  if (!best) return null;
  const paiements = days.slice(best.from, best.to + 1).flatMap((d) => byDay.get(d)!);
  return { brut: line.montant + best.frais, frais: best.frais, paiements };
}
