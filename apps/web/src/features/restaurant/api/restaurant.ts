/** The restaurant's calls (specification §7): the week of meals, meals, dishes, orders and their payment. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API,
  pathTo,
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
  barOrders: (mealId: number) => [...RESTAURANT_KEY, 'bar', mealId] as const,
};

export const fetchWeek = (day: string) => api.get<MealWeek>(pathTo(API.restaurant.search, { date: day }));

export function useMealWeek(day: string) {
  return useQuery({ queryKey: restaurantKeys.week(day), queryFn: () => fetchWeek(day), staleTime: 0 });
}

/** The lodges' confirmed sessions of a day, for the meal editor (MENUS); nothing asked without a day. */
export function useMealSessions(day: string) {
  return useQuery({
    queryKey: restaurantKeys.sessions(day),
    queryFn: () => api.get<MealSession[]>(pathTo(API.restaurant.sessions, { date: day })),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
}

/** Every order of one meal (MENUS), asked only when its bar is opened; refreshed with the rest after a change. */
export function useBarOrders(mealId: number) {
  return useQuery({
    queryKey: restaurantKeys.barOrders(mealId),
    queryFn: () => api.get<MealOrder[]>(pathTo(API.restaurant.mealOrders, { id: mealId })),
    staleTime: 0,
  });
}

export function useMyOrders() {
  return useQuery({
    queryKey: restaurantKeys.myOrders(),
    queryFn: () => api.get<MealOrder[]>(API.restaurant.myOrders),
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
    m.id ? api.put<Meal>(API.restaurant.meals, m) : api.post<Meal>(API.restaurant.meals, m),
  );

export const useDeleteMeal = () =>
  useRestaurantMutation((id: number) => api.delete(pathTo(API.restaurant.meal, { id })));

export const useNotifyMeal = () =>
  useRestaurantMutation((id: number) =>
    api.post<{ destinataires: number }>(pathTo(API.restaurant.notify, { id })),
  );

export const useSaveDish = () =>
  useRestaurantMutation(({ mealId, dish }: { mealId: number; dish: DishInput & { id?: number } }) =>
    dish.id
      ? api.put<Dish>(pathTo(API.restaurant.dishes, { id: mealId }), dish)
      : api.post<Dish>(pathTo(API.restaurant.dishes, { id: mealId }), dish),
  );

export const useDeleteDish = () =>
  useRestaurantMutation(({ mealId, dishId }: { mealId: number; dishId: number }) =>
    api.delete(pathTo(API.restaurant.dish, { id: mealId, platId: dishId })),
  );

export const useSaveOrder = () =>
  useRestaurantMutation(({ mealId, order }: { mealId: number; order: MealOrderInput & { id?: number } }) =>
    order.id
      ? api.put<MealOrder>(pathTo(API.restaurant.orders, { id: mealId }), order)
      : api.post<MealOrder>(pathTo(API.restaurant.orders, { id: mealId }), order),
  );

export const useDeleteOrder = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.delete(pathTo(API.restaurant.order, { id: mealId, commandeId: orderId })),
  );

/**
 * The member pays their own order from their card (C) or their lodge's (L). No card-read balance can
 * travel here: only the restaurant's staff state one (useCashOrder), the server refusing it from anyone
 * else (issue 17).
 */
export const usePayWithCard = () =>
  useRestaurantMutation(({ mealId, orderId, moyen }: { mealId: number; orderId: number; moyen: 'C' | 'L' }) =>
    api.post<MealOrder>(pathTo(API.restaurant.pay, { id: mealId, commandeId: orderId, moyen })),
  );

/**
 * The bar (MENUS) takes an order's payment by any means; for a card (C or L), optionally with the
 * balance read on the physical card (`solde`, cents) and why it differs from the ledger (`motif`).
 */
export const useCashOrder = () =>
  useRestaurantMutation(
    ({
      mealId,
      orderId,
      moyen,
      solde,
      motif,
    }: {
      mealId: number;
      orderId: number;
      moyen: PaymentMeans;
      solde?: number;
      motif?: string;
    }) =>
      api.post<MealOrder>(
        pathTo(API.restaurant.pay, { id: mealId, commandeId: orderId, moyen }, { solde, motif }),
      ),
  );

export const useRefuseOrder = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.post<MealOrder>(pathTo(API.restaurant.refuse, { id: mealId, commandeId: orderId }, { date: 1 })),
  );

export const useUndoPayment = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.delete<MealOrder>(pathTo(API.restaurant.payment, { id: mealId, commandeId: orderId })),
  );

export const downloadRecap = (meal: Meal) =>
  downloadFile(pathTo(API.restaurant.recap, { id: meal.id }), `recapitulatif-repas-${meal.date}.pdf`);
