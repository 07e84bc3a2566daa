/** The restaurant's calls (specification §7): the week of meals, meals, dishes, orders and their payment. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pathTo,
  RESTAURANT_CALLS,
  type DishInput,
  type Meal,
  type MealInput,
  type MealOrderInput,
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

export const fetchWeek = (day: string) => api.call(RESTAURANT_CALLS.week, { params: { date: day } });

export function useMealWeek(day: string) {
  return useQuery({ queryKey: restaurantKeys.week(day), queryFn: () => fetchWeek(day), staleTime: 0 });
}

/** The lodges' confirmed sessions of a day, for the meal editor (MENUS); nothing asked without a day. */
export function useMealSessions(day: string) {
  return useQuery({
    queryKey: restaurantKeys.sessions(day),
    queryFn: () => api.call(RESTAURANT_CALLS.sessions, { params: { date: day } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
}

/** Every order of one meal (MENUS), asked only when its bar is opened; refreshed with the rest after a change. */
export function useBarOrders(mealId: number) {
  return useQuery({
    queryKey: restaurantKeys.barOrders(mealId),
    queryFn: () => api.call(RESTAURANT_CALLS.mealOrders, { params: { id: mealId } }),
    staleTime: 0,
  });
}

export function useMyOrders() {
  return useQuery({
    queryKey: restaurantKeys.myOrders(),
    queryFn: () => api.call(RESTAURANT_CALLS.myOrders),
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
    m.id
      ? api.call(RESTAURANT_CALLS.updateMeal, { body: { ...m, id: m.id } })
      : api.call(RESTAURANT_CALLS.createMeal, { body: m }),
  );

export const useDeleteMeal = () =>
  useRestaurantMutation((id: number) => api.call(RESTAURANT_CALLS.deleteMeal, { params: { id } }));

/**
 * « Notifier » asks first how many people the menu would reach (GET, nothing sent), then sends it (POST).
 * The count's failure (already notified…) goes to the error dialog like the sending's.
 */
export const useNotifyMeal = () => {
  const preview = useMutation({
    mutationFn: (id: number) => api.call(RESTAURANT_CALLS.notifyPreview, { params: { id } }),
  });
  const send = useRestaurantMutation((id: number) => api.call(RESTAURANT_CALLS.notify, { params: { id } }));
  return { preview, send };
};

export const useSaveDish = () =>
  useRestaurantMutation(({ mealId, dish }: { mealId: number; dish: DishInput & { id?: number } }) =>
    dish.id
      ? api.call(RESTAURANT_CALLS.updateDish, { params: { id: mealId }, body: { ...dish, id: dish.id } })
      : api.call(RESTAURANT_CALLS.createDish, { params: { id: mealId }, body: dish }),
  );

export const useDeleteDish = () =>
  useRestaurantMutation(({ mealId, dishId }: { mealId: number; dishId: number }) =>
    api.call(RESTAURANT_CALLS.deleteDish, { params: { id: mealId, platId: dishId } }),
  );

export const useSaveOrder = () =>
  useRestaurantMutation(({ mealId, order }: { mealId: number; order: MealOrderInput & { id?: number } }) =>
    order.id
      ? api.call(RESTAURANT_CALLS.updateOrder, { params: { id: mealId }, body: { ...order, id: order.id } })
      : api.call(RESTAURANT_CALLS.createOrder, { params: { id: mealId }, body: order }),
  );

export const useDeleteOrder = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.call(RESTAURANT_CALLS.deleteOrder, { params: { id: mealId, commandeId: orderId } }),
  );

/**
 * The member pays their own order from their card (C) or their lodge's (L). No card-read balance can
 * travel here: only the restaurant's staff state one (useCashOrder), the server refusing it from anyone
 * else (issue 17).
 */
export const usePayWithCard = () =>
  useRestaurantMutation(({ mealId, orderId, moyen }: { mealId: number; orderId: number; moyen: 'C' | 'L' }) =>
    api.call(RESTAURANT_CALLS.pay, { params: { id: mealId, commandeId: orderId, moyen } }),
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
      api.call(RESTAURANT_CALLS.pay, {
        params: { id: mealId, commandeId: orderId, moyen },
        query: { solde, motif },
      }),
  );

export const useRefuseOrder = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.call(RESTAURANT_CALLS.refuse, { params: { id: mealId, commandeId: orderId }, query: { date: 1 } }),
  );

export const useUndoPayment = () =>
  useRestaurantMutation(({ mealId, orderId }: { mealId: number; orderId: number }) =>
    api.call(RESTAURANT_CALLS.undoPayment, { params: { id: mealId, commandeId: orderId } }),
  );

export const downloadRecap = (meal: Meal) =>
  downloadFile(pathTo(RESTAURANT_CALLS.recap.path, { id: meal.id }), `recapitulatif-repas-${meal.date}.pdf`);
