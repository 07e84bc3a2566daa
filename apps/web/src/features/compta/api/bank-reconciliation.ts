/** The bank reconciled (issue 34 §3): an account at a date, and its period validated. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_RECONCILIATION_CALLS, type BankReconciliationValidate } from '@union/contract';
import { api } from '../../../lib/api-client';

const KEY = ['compta', 'banque', 'rapprochement'] as const;

/** The account (its IBAN, else the Union's first) at the date (else today in Paris, the server says). */
export function useBankReconciliation(iban: string | null, date: string | null) {
  const query = { ...(iban ? { iban } : {}), ...(date ? { date } : {}) };
  return useQuery({
    queryKey: [...KEY, iban, date],
    queryFn: () => api.call(BANK_RECONCILIATION_CALLS.state, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useValidateReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankReconciliationValidate) => api.call(BANK_RECONCILIATION_CALLS.validate, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compta', 'banque'] }),
  });
}
