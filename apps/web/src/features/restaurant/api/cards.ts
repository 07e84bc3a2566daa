/** The member's Union card and its top-ups; the staff's validation of top-ups (specification §7). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAYMENT_CALLS, type ProviderForm, type TopUpSearch } from '@union/contract';
import { api } from '../../../lib/api-client';

const CARD_KEY = ['carte'] as const;

export function useMyCard() {
  return useQuery({
    queryKey: [...CARD_KEY, 'mienne'],
    queryFn: () => api.call(PAYMENT_CALLS.mine),
    staleTime: 0,
  });
}

/** How many top-ups wait for validation: asked only by those who may validate (COMPTA_SAISIE). */
export function useTopUpsWaiting(enabled: boolean) {
  return useQuery({
    queryKey: [...CARD_KEY, 'en-attente'],
    queryFn: () => api.call(PAYMENT_CALLS.waiting),
    enabled,
    staleTime: 0,
  });
}

export function useTopUpSearch(criteria: TopUpSearch) {
  return useQuery({
    queryKey: [...CARD_KEY, 'rechargements', criteria],
    queryFn: () => api.call(PAYMENT_CALLS.search, { body: criteria }),
    staleTime: 0,
  });
}

/**
 * Posts the provider's signed fields as a real form (the provider's page, or the built-in simulator):
 * the browser leaves the app and comes back to the card page.
 */
export function submitProviderForm(form: ProviderForm): void {
  const element = document.createElement('form');
  element.method = 'POST';
  element.action = form.url;
  for (const [name, value] of Object.entries(form.champs)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  document.body.appendChild(element);
  element.submit();
}

/** Asks a top-up, then sends the browser to pay it. */
export function useTopUp() {
  return useMutation({
    mutationFn: async (montant: number) => {
      const topUp = await api.call(PAYMENT_CALLS.topUp, { body: { montant } });
      return api.call(PAYMENT_CALLS.providerForm, { params: { id: topUp.id } });
    },
    onSuccess: submitProviderForm,
  });
}

export function useTopUpDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'validate' | 'transfer' | 'cancel' }) =>
      api.call(PAYMENT_CALLS.act, { params: { id, action } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CARD_KEY }),
  });
}
