/** The restaurant's calls (specification §7): the week of meals, meals, dishes, orders and their payment. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RESTAURANT_API,
  type Dish,
  type DishInput,
  type Meal,
  type MealInput,
  type MealOrder,
  type MealOrderInput,
  type MealSession,
  type MealWeek,
  type PaymentMeans,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

const RESTAURANT_KEY = ['restauration'] as const;
const restaurantKeys = {
  week: (day: string) => [...RESTAURANT_KEY, 'semaine', day] as const,
  myOrders: () => [...RESTAURANT_KEY, 'mes-commandes'] as const,
  sessions: (day: string) => [...RESTAURANT_KEY, 'seances', day] as const,
};

export const fetchWeek = (day: string) => api.get<MealWeek>(RESTAURANT_API.search(day));

export function useMealWeek(day: string) {
  return useQuery({ queryKey: restaurantKeys.week(day), queryFn: () => fetchWeek(day), staleTime: 0 });
}

/** The lodges' confirmed sessions of a day, for the meal editor (MENUS); nothing asked without a day. */
export function useMealSessions(day: string) {
  return useQuery({
    queryKey: restaurantKeys.sessions(day),
    queryFn: () => api.get<MealSession[]>(RESTAURANT_API.sessions(day)),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
}

export function useMyOrders() {
  return useQuery({
    queryKey: restaurantKeys.myOrders(),
    queryFn: () => api.get<MealOrder[]>(RESTAURANT_API.myOrders),
    staleTime: 0,
  });
}

/** A mutation that refreshes everything the restaurant shows (and the card, whose balance may move). */
function useRestaurantMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: RESTAURANT_KEY });
      await queryClient.invalidateQueries({ queryKey: ['carte'] });
    },
  });
}

export const useSaveMeal = () =>
  useRestaurantMutation((m: MealInput & { id?: number }) =>
    m.id ? api.put<Meal>(RESTAURANT_API.meal, m) : api.post<Meal>(RESTAURANT_API.meal, m),
  );

export const useDeleteMeal = () =>
  useRestaurantMutation((id: number) => api.delete(RESTAURANT_API.mealOf(id)));

export const useNotifyMeal = () =>
  useRestaurantMutation((id: number) => api.post<{ destinataires: number }>(RESTAURANT_API.notify(id)));

export const useSaveDish = () =>
  useRestaurantMutation(({ mealId, dish }: { mealId: number; dish: DishInput & { id?: number } }) =>
    dish.id
      ? api.put<Dish>(RESTAURANT_API.dish(mealId), dish)
      : api.post<Dish>(RESTAURANT_API.dish(mealId), dish),
  );

export const useDeleteDish = () =>
  useRestaurantMutation(({ mealId, dishId }: { mealId: number; dishId: number }) =>
    api.delete(RESTAURANT_API.dishOf(mealId, dishId)),
  );

export const useSaveOrder = () =>
  useRestaurantMutation(({ mealId, order }: { mealId: number; order: MealOrderInput & { id?: number } }) =>
    order.id
      ? api.put<MealOrder>(RESTAURANT_API.order(mealId), order)
      : api.post<MealOrder>(RESTAURANT_API.order(mealId), order),
  );

export const useDeleteOrder = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.delete(RESTAURANT_API.orderOf(mealId, orderId)),
  );

const soldeQuery = (solde?: number) => (solde === undefined ? '' : `?solde=${solde}`);

export const usePayOrder = () =>
  useRestaurantMutation(
    ({
      mealId,
      orderId,
      moyen,
      solde,
    }: {
      mealId: number;
      orderId: number;
      moyen: PaymentMeans;
      solde?: number;
    }) => api.post<MealOrder>(`${RESTAURANT_API.pay(mealId, orderId, moyen)}${soldeQuery(solde)}`),
  );

export const useRefuseOrder = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.post<MealOrder>(`${RESTAURANT_API.refuse(mealId, orderId)}?date=1`),
  );

export const useUndoPayment = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.delete<MealOrder>(RESTAURANT_API.payment(mealId, orderId)),
  );

export const downloadRecap = (meal: Meal) =>
  downloadFile(RESTAURANT_API.recap(meal.id), `recapitulatif-repas-${meal.date}.pdf`);
