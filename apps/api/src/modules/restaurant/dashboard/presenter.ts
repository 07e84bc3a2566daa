/** Shapes the next meal of the restaurant's dashboard (pure). */
import type { NextMeal } from '@union/contract';

type MealFacts = Omit<NextMeal, 'plats' | 'remarques'>;

interface RemarkRow {
  prenom: string;
  nom: string;
  entite: string | null;
  invites: number;
  remarque: string | null;
}

/** The next meal with its dishes' counts and the remarks (allergies) of its orders, whom each is for. */
export function presentNextMeal(meal: MealFacts, plats: NextMeal['plats'], remarks: RemarkRow[]): NextMeal {
  return {
    ...meal,
    plats,
    remarques: remarks.map((r) => ({
      pour: `${r.prenom} ${r.nom}`.trim() + (r.entite ? ` (${r.entite})` : ''),
      couverts: 1 + r.invites,
      remarque: (r.remarque ?? '').trim(),
    })),
  };
}
