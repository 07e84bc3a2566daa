/**
 * A meal as the use cases of every sub-area read it: loaded (404 when it does not exist), its row locked
 * when seats or deletion are decided under it, and the refusal of its seats' constraint.
 */
import type { Executor } from '../../db/client';
import type { Refusal } from '../../lib/constraints';
import { notFound } from '../../lib/errors';
import { mealsRepository, type MealRow } from './repository';

export const MEAL_NOT_FOUND = "Ce repas n'existe pas.";

export async function loadMeal(db: Executor, id: number, lock = false): Promise<MealRow> {
  const row = lock ? await mealsRepository.lockMeal(db, id) : await mealsRepository.findMeal(db, id);
  if (!row) throw notFound(MEAL_NOT_FOUND);
  return row;
}

/** Seats are never oversold: the CHECK on the meal's counter refuses what a race would let through. */
export const SEATS_REFUSAL = {
  meals_seats_not_oversold: {
    code: 'meal_full',
    message: 'Places : il ne reste plus assez de places pour ce repas.',
  },
} satisfies Record<string, Refusal>;
