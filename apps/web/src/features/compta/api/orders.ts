/** The accounting calls: search, one order, create, actions, preload, fee calls, documents. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChequeDepositSchema,
  API,
  BulkCallReportSchema,
  EntityAccountSchema,
  EntityListSchema,
  FeeTableSchema,
  masonicYearOf as masonicYearOfDay,
  OrderDetailSchema,
  OrderSearchResultSchema,
  pathTo,
  PreloadSchema,
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
    queryFn: () => api.post(API.compta.search, criteria, { schema: OrderSearchResultSchema }),
    placeholderData: keepPreviousData,
  });
}

export function useOrder(id: number | undefined) {
  return useQuery({
    queryKey: [...COMPTA_KEY, 'order', id],
    queryFn: () => api.get(pathTo(API.compta.infos, { id: id! }), { schema: OrderDetailSchema }),
    enabled: id !== undefined,
  });
}

export function useFeeTable(annee: number) {
  return useQuery({
    queryKey: [...COMPTA_KEY, 'fees', annee],
    queryFn: () => api.get(pathTo(API.compta.feeTable, {}, { annee }), { schema: FeeTableSchema }),
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
  useOrderChange((order: OrderCreate) => api.post(API.compta.order, order, { schema: OrderDetailSchema }));

export const useChangeOrder = () =>
  useOrderChange(({ action, ...body }: OrderChange & { action: OrderChangeAction }) =>
    api.put(pathTo(API.compta.order, {}, { action }), body, { schema: OrderDetailSchema }),
  );

export function useBulkCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: { annee: number; tranche: Instalment }) =>
      api.post(API.compta.bulkCall, call, { schema: BulkCallReportSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: COMPTA_KEY }),
  });
}

export function preload(q: {
  idEntite: number;
  type: OrderType;
  annee: number;
  tranche?: Instalment | null;
}) {
  return api.get(pathTo(API.compta.preload, {}, q), { schema: PreloadSchema });
}

export type DocumentKind = 'devis' | 'facture' | 'avoir' | 'relance';

export const downloadDocument = (id: number, kind: DocumentKind) =>
  downloadFile(pathTo(API.compta.document, { id, kind }), `${kind}-${id}.pdf`);

/** The PDF as a blob, for the preview in the page. */
export async function documentBlob(id: number, kind: DocumentKind): Promise<Blob> {
  const response = await sendRequest(pathTo(API.compta.document, { id, kind }), {
    headers: { Accept: 'application/pdf' },
  });
  return response.blob();
}

export const exportOrders = (criteria: OrderSearch) =>
  downloadFile(API.compta.excel, 'commandes-union.xlsx', { method: 'POST', body: criteria });

export const exportFeeTable = (annee: number) =>
  downloadFile(pathTo(API.compta.feeTableExcel, {}, { annee }), `cotisations-${annee}-${annee + 1}.xlsx`);

/** The lodges and associations to bill (the shared entity list of GET /api/entite/all). */
export function useBillableEntities() {
  return useQuery({
    queryKey: ['entities', 'all'],
    queryFn: () => api.get(API.entities.all, { schema: EntityListSchema }),
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
    queryFn: () => api.get(pathTo(API.compta.account, { id: entityId }), { schema: EntityAccountSchema }),
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
  useAccountChange((payment: PaymentCreate) =>
    api.post(API.compta.payment, payment, { schema: EntityAccountSchema }),
  );

export const useRefund = () =>
  useAccountChange(({ entityId, ...refund }: RefundCreate & { entityId: number }) =>
    api.post(pathTo(API.compta.refund, { id: entityId }), refund, { schema: EntityAccountSchema }),
  );

export const downloadCreditNote = (id: number, numero: string) =>
  downloadFile(pathTo(API.compta.creditNote, { id }), `${numero}.pdf`);

/** Records the deposit of the period's cheques not yet deposited (5112 → 512). */
export const useRecordDeposit = () =>
  useAccountChange((period: { du: string; au: string }) =>
    api.post(API.compta.deposits, period, { schema: ChequeDepositSchema }),
  );

export const downloadDeposit = (id: number) =>
  downloadFile(pathTo(API.compta.deposit, { id }), `remise-cheques-${id}.pdf`);

export const downloadDepositSlip = (du: string, au: string) =>
  downloadFile(pathTo(API.compta.depositSlip, {}, { du, au }), `remise-cheques-${du}-${au}.pdf`);
