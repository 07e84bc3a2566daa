/** The Union's bank (issue 34): statements imported, their lines confirmed or left aside. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANK_CALLS,
  type BankCardSettle,
  type BankSepaConfirm,
  type BankConfirm,
  type BankImportReport,
  type BankImpute,
  type BankLine,
} from '@union/contract';
import { api } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';

const KEY = ['compta', 'banque'] as const;

export function useBankStatements() {
  return useQuery({ queryKey: [...KEY, 'releves'], queryFn: () => api.call(BANK_CALLS.statements) });
}

export function useBankStatement(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'releve', id],
    queryFn: () => api.call(BANK_CALLS.statement, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * Sends a statement through the one upload helper (lib/upload.ts); the report says what was new, or
 * (a CSV one) asks for its account and columns, sent as fields before the file the next time.
 */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: File | { file: File; fields: Record<string, string> }): Promise<BankImportReport> =>
      uploadFile({
        url: BANK_CALLS.importStatement.path,
        schema: BANK_CALLS.importStatement.responses[201],
        ...(input instanceof File ? { file: input } : input),
        fieldName: 'fichier',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useConfirmExact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(BANK_CALLS.confirmExact, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}

export function useConfirmLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, body }: { line: BankLine; body: BankConfirm }) =>
      api.call(BANK_CALLS.confirmLine, { params: { id: line.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}

export function useIgnoreLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, note }: { line: BankLine; note: string }) =>
      api.call(BANK_CALLS.ignoreLine, { params: { id: line.id }, body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** Gives a line an account of the chart: an entry in the books, so every accounting view is read again. */
export function useImputeLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, body }: { line: BankLine; body: BankImpute }) =>
      api.call(BANK_CALLS.imputeLine, { params: { id: line.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}

/** Records a card provider's transfer as the settlement of the card payments it pays. */
export function useSettleCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, body }: { line: BankLine; body: BankCardSettle }) =>
      api.call(BANK_CALLS.settleCards, { params: { id: line.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}

/** Confirms a line as a SEPA batch's collection, or the return of one of its debits. */
export function useConfirmSepaLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ line, body }: { line: BankLine; body: BankSepaConfirm }) =>
      api.call(BANK_CALLS.sepaLine, { params: { id: line.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['compta'] }),
  });
}
