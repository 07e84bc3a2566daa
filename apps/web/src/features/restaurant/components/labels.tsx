/** Small shared pieces of the restaurant screens: state badges and the deadline line. */
import { Badge } from '@mantine/core';
import {
  DishType,
  MealOrderState,
  MealType,
  PaymentMeans,
  TopUpState,
  frenchDay,
  type Meal,
  type MealOrder,
  type TopUp,
} from '@union/contract';

/**
 * A dish as the order form names it: « Quenelle de brochet (Plat) », its kind said only when its name
 * does not already say it (« Café », not « Café (Café) »).
 */
export function dishLabel(dish: { libelle: string; type: DishType }): string {
  const kind = DishType.labels[dish.type];
  return dish.libelle.toLocaleLowerCase('fr').includes(kind.toLocaleLowerCase('fr'))
    ? dish.libelle
    : `${dish.libelle} (${kind})`;
}

/** Light badges keep dark text: their light colours fail 4.5:1 against their own tint. */
const DARK_LABEL = { label: { color: 'var(--mantine-color-dark-7)' } };

const ORDER_COLORS = { C: 'blue', P: 'green', R: 'red' } as const;
const TOP_UP_COLORS = { C: 'gray', P: 'orange', R: 'yellow', V: 'green', X: 'red', E: 'gray' } as const;

export function OrderStateBadge({ order }: { order: MealOrder }) {
  const label =
    order.etat === 'P' && order.moyen
      ? `${MealOrderState.labels.P} – ${PaymentMeans.labels[order.moyen]}`
      : MealOrderState.labels[order.etat];
  return (
    <Badge color={ORDER_COLORS[order.etat]} variant="light" tt="none" styles={DARK_LABEL}>
      {label}
    </Badge>
  );
}

export function TopUpStateBadge({ topUp }: { topUp: TopUp }) {
  return (
    <Badge color={TOP_UP_COLORS[topUp.etat]} variant="light" tt="none" styles={DARK_LABEL}>
      {TopUpState.labels[topUp.etat]}
    </Badge>
  );
}

/** "2026-03-03T11:00" → "03/03 à 11:00". */
export const deadlineText = (limite: string) =>
  `${limite.slice(8, 10)}/${limite.slice(5, 7)} à ${limite.slice(11, 16)}`;

/**
 * A meal as buttons and confirmations name it, so that five « Commander » differ for a screen reader:
 * « « Blanquette de veau », agapes du midi du jeudi 3 décembre 2026 » (frenchDay: « 1er », lower case;
 * no-break spaces inside the guillemets, which never end a line alone).
 */
export const mealName = (meal: Pick<Meal, 'titre' | 'date'> & { type?: Meal['type'] }) =>
  `«\u00a0${meal.titre}\u00a0»${meal.type ? `, ${MealType.labels[meal.type].toLowerCase()}` : ''} du ${frenchDay(meal.date, { weekday: true })}`;
