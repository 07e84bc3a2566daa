/** Which of a meal card's dialogs is open (an order, the meal, a dish), with the focus given back. */
import type { Dish, MealOrder } from '@union/contract';
import { useRef, useState } from 'react';
import { useDialogFocus } from './useDialogFocus';

export function useMealDialogs() {
  const [ordering, setOrdering] = useState<MealOrder | 'new' | null>(null);
  const [editingMeal, setEditingMeal] = useState(false);
  const [editingDish, setEditingDish] = useState<Dish | 'new' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { opening, closing } = useDialogFocus(heading);
  return {
    heading,
    ordering,
    editingMeal,
    editingDish,
    openOrder: opening(setOrdering),
    openMeal: () => opening(setEditingMeal)(true),
    openDish: opening(setEditingDish),
    closeOrder: closing(() => setOrdering(null)),
    closeMeal: closing(() => setEditingMeal(false)),
    closeDish: closing(() => setEditingDish(null)),
  };
}
