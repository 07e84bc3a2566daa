/**
 * The arithmetic of fee calls, in integer cents (DECISIONS §4): a third of the yearly fee per member, the
 * adjustment (D) of the year, and the lines and explanation a call proposes. Pure functions.
 */
import { Instalment, euros, yearLabel, type OrderLine } from '@union/contract';
import { withAmounts } from '../amounts';

/**
 * The per-member amount of one third. The three thirds add up to the yearly amount to the cent: the
 * first two are rounded, the third takes the rest.
 */
export function thirdOf(yearly: number, tranche: 'A' | 'B' | 'C'): number {
  const third = Math.round(yearly / 3);
  return tranche === 'C' ? yearly - 2 * third : third;
}

export interface FeeCallFacts {
  annee: number;
  tranche: Instalment;
  montantAnnuel: number;
  /** Members active on the call's date (A, B, C) or at any time of the year (D). */
  membres: number;
  /** For D: what A, B and C called, in cents. */
  dejaAppele: number;
}

/** The lines a fee call proposes (DECISIONS §4), with the sentence saying how they were computed. */
export function feeCallLines(f: FeeCallFacts): { objet: string; lignes: OrderLine[]; explication: string } {
  const objet = `Cotisations ${yearLabel(f.annee)} — ${Instalment.labels[f.tranche]}`;
  if (f.tranche !== 'D' && f.membres === 0) {
    // Nothing to call: no line of zero members (a quantity is always positive).
    return { objet, lignes: [], explication: "Aucun membre actif à ce jour : il n'y a rien à appeler." };
  }
  if (f.tranche !== 'D') {
    const unit = thirdOf(f.montantAnnuel, f.tranche);
    return {
      objet,
      lignes: withAmounts([
        {
          libelle: `Cotisation ${yearLabel(f.annee)}, ${Instalment.labels[f.tranche]} : ${f.membres} membre${f.membres > 1 ? 's' : ''} actif${f.membres > 1 ? 's' : ''}`,
          quantite: f.membres,
          prixUnitaire: unit,
        },
      ]),
      explication: `${f.membres} membre${f.membres > 1 ? 's' : ''} actif${f.membres > 1 ? 's' : ''} à ce jour × ${euros(unit)} (un tiers de la cotisation annuelle de ${euros(f.montantAnnuel)}).`,
    };
  }
  const du = f.membres * f.montantAnnuel;
  const ecart = du - f.dejaAppele;
  return {
    objet,
    lignes: withAmounts([
      {
        libelle: `Régularisation ${yearLabel(f.annee)} : ${f.membres} membre${f.membres > 1 ? 's' : ''} sur l'année × ${euros(f.montantAnnuel)}, moins ${euros(f.dejaAppele)} déjà appelés`,
        quantite: 1,
        prixUnitaire: ecart,
      },
    ]),
    explication:
      `${f.membres} membre${f.membres > 1 ? 's' : ''} sur l'année × ${euros(f.montantAnnuel)} = ${euros(du)} ; ` +
      `déjà appelé : ${euros(f.dejaAppele)} ; ` +
      (ecart < 0
        ? `${euros(-ecart)} en faveur de la loge.`
        : ecart === 0
          ? 'rien à régulariser.'
          : `reste ${euros(ecart)} à appeler.`),
  };
}
