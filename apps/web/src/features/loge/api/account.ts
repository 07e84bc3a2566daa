/**
 * An entity's account with the Union (issue 20): GET /api/loge/{idEntite}/compte, its PDFs and
 * statement (downloads), and the online card payment of an invoice (the provider's signed form, posted
 * as the card top-ups do).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ACCOUNT_CALLS, ENTITY_CALLS, pathTo, type AccountDocumentKind } from '@union/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { submitProviderForm } from '../../restaurant';

/** The entities whose treasurer the caller is (`carte_loge`): officers beside the managers. */
export function useTreasurerEntities() {
  return useQuery({
    queryKey: ['loge', 'entities', 'carte_loge'],
    queryFn: () => api.call(ENTITY_CALLS.mine, { params: { purpose: 'carte_loge' } }),
  });
}

export function useEntityAccount(entityId: number) {
  return useQuery({
    queryKey: ['loge', entityId, 'account'],
    queryFn: () => api.call(ACCOUNT_CALLS.account, { params: { idEntite: entityId } }),
    staleTime: 0,
  });
}

export const downloadAccountDocument = (
  entityId: number,
  id: number,
  kind: AccountDocumentKind,
  niveau?: number,
) =>
  downloadFile(
    pathTo(ACCOUNT_CALLS.document.path, { idEntite: entityId, id, kind }, { niveau }),
    `${kind}-${id}.pdf`,
  );

export const downloadCreditNote = (entityId: number, id: number, numero: string) =>
  downloadFile(pathTo(ACCOUNT_CALLS.creditNote.path, { idEntite: entityId, id }), `${numero}.pdf`);

export const downloadStatement = (entityId: number, format: 'pdf' | 'xlsx', du: string, au: string) =>
  downloadFile(
    pathTo(ACCOUNT_CALLS.statement.path, { idEntite: entityId, format }, { du, au }),
    `releve.${format}`,
  );

/** Starts the payment of what remains on the invoice, then sends the browser to the provider. */
export function usePayOnline(entityId: number) {
  return useMutation({
    mutationFn: (id: number) => api.call(ACCOUNT_CALLS.pay, { params: { idEntite: entityId, id } }),
    onSuccess: submitProviderForm,
  });
}
