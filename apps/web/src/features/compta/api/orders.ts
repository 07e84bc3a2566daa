/** The accounting calls: search, one order, create, actions, preload, fee calls, documents. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountDocumentKind,
  COMPTA_FEE_CALLS,
  COMPTA_ORDER_CALLS,
  COMPTA_PAYMENT_CALLS,
  ENTITY_CALLS,
  masonicYearOf as masonicYearOfDay,
  pathTo,
  type EntityAccount,
  type Instalment,
  type OrderChange,
  type OrderChangeAction,
  type OrderCreate,
  type OrderDetail,
  type OrderSearch,
  type OrderType,
  type PaymentCreate,
  type RefundCreate,
} from '@union/contract';
import { api, sendRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { todayIso } from '../../reservations';

const COMPTA_KEY = ['compta'] as const;

export function useOrderSearch(criteria: OrderSearch) {
  return useQuery({
    queryKey: [...COMPTA_KEY, 'search', criteria],
    queryFn: () => api.call(COMPTA_ORDER_CALLS.search, { body: criteria }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: [...COMPTA_KEY, 'order', id],
    queryFn: () => api.call(COMPTA_ORDER_CALLS.infos, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

export function useFeeTable(annee: number) {
  return useQuery({
    queryKey: [...COMPTA_KEY, 'fees', annee],
    queryFn: () => api.call(COMPTA_FEE_CALLS.feeTable, { query: { annee } }),
  });
}

/** Every change answers the order as it is now: the page shows it without asking again. */
function useOrderChange<V>(call: (variables: V) => Promise<OrderDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      queryClient.setQueryData([...COMPTA_KEY, 'order', order.id], order);
      void queryClient.invalidateQueries({ queryKey: [...COMPTA_KEY, 'search'] });
      void queryClient.invalidateQueries({ queryKey: [...COMPTA_KEY, 'fees'] });
    },
  });
}

export const useCreateOrder = () =>
  useOrderChange((order: OrderCreate) => api.call(COMPTA_ORDER_CALLS.create, { body: order }));

export const useChangeOrder = () =>
  useOrderChange(({ action, ...body }: OrderChange & { action: OrderChangeAction }) =>
    api.call(COMPTA_ORDER_CALLS.change, { query: { action }, body }),
  );

export function useBulkCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: { annee: number; tranche: Instalment }) =>
      api.call(COMPTA_FEE_CALLS.bulkCall, { body: call }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export function preload(q: {
  idEntite: number;
  type: OrderType;
  annee: number;
  tranche?: Instalment | null;
}) {
  return api.call(COMPTA_FEE_CALLS.preload, { query: q });
}

export type DocumentKind = AccountDocumentKind;

export const downloadDocument = (id: number, kind: DocumentKind) =>
  downloadFile(pathTo(COMPTA_ORDER_CALLS.document.path, { id, kind }), `${kind}-${id}.pdf`);

/** The PDF as a blob, for the preview in the page. */
export async function documentBlob(id: number, kind: DocumentKind): Promise<Blob> {
  const response = await sendRequest(pathTo(COMPTA_ORDER_CALLS.document.path, { id, kind }), {
    headers: { Accept: 'application/pdf' },
  });
  return response.blob();
}

export const exportOrders = (criteria: OrderSearch) =>
  downloadFile(COMPTA_ORDER_CALLS.excel.path, 'factures-et-devis-union.xlsx', {
    method: 'POST',
    body: criteria,
  });

export const exportFeeTable = (annee: number) =>
  downloadFile(
    pathTo(COMPTA_FEE_CALLS.feeTableExcel.path, {}, { annee }),
    `cotisations-${annee}-${annee + 1}.xlsx`,
  );

/** The lodges and associations to bill (the shared entity list of GET /api/entite/all). */
export function useBillableEntities() {
  return useQuery({
    queryKey: ['entities', 'all'],
    queryFn: () => api.call(ENTITY_CALLS.all),
    select: (entities) =>
      entities
        .filter((e) => e.etat === 'A' && e.type !== 'UN')
        .sort((a, b) => a.nom.localeCompare(b.nom, 'fr', { sensitivity: 'base' })),
  });
}

/** The current masonic year: the contract's rule on Lyon's today, as the server computes it. */
export const masonicYearOf = () => masonicYearOfDay(todayIso());

/** What an entity owes (its open invoices) and its credit. */
export function useEntityAccount(entityId: number, enabled = true) {
  return useQuery({
    queryKey: [...COMPTA_KEY, 'account', entityId],
    queryFn: () => api.call(COMPTA_PAYMENT_CALLS.account, { params: { id: entityId } }),
    enabled,
  });
}

/** A payment or a refund changes several invoices: every accounting view is read again. */
function useAccountChange<V, R = EntityAccount>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export const usePayEntity = () =>
  useAccountChange((payment: PaymentCreate) => api.call(COMPTA_PAYMENT_CALLS.pay, { body: payment }));

export const useRefund = () =>
  useAccountChange(({ entityId, ...refund }: RefundCreate & { entityId: number }) =>
    api.call(COMPTA_PAYMENT_CALLS.refund, { params: { id: entityId }, body: refund }),
  );

export const downloadCreditNote = (id: number, numero: string) =>
  downloadFile(pathTo(COMPTA_ORDER_CALLS.creditNote.path, { id }), `${numero}.pdf`);

/** Records the deposit of the period's cheques not yet deposited (5112 → 512). */
export const useRecordDeposit = () =>
  useAccountChange((period: { du: string; au: string }) =>
    api.call(COMPTA_PAYMENT_CALLS.deposit, { body: period }),
  );

export const downloadDeposit = (id: number) =>
  downloadFile(pathTo(COMPTA_PAYMENT_CALLS.depositSlipOf.path, { id }), `remise-cheques-${id}.pdf`);

export const downloadDepositSlip = (du: string, au: string) =>
  downloadFile(
    pathTo(COMPTA_PAYMENT_CALLS.depositSlip.path, {}, { du, au }),
    `remise-cheques-${du}-${au}.pdf`,
  );
