/** SEPA direct debit (issue 34 §4): the calls of the « Mandats et prélèvements » screen and a lodge's view. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pathTo,
  SEPA_CALLS,
  type Mandate,
  type MandateRevoke,
  type Pain008Version,
  type SepaBatch,
  type SepaBatchCreate,
} from '@union/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client';
import { downloadFile } from '../../../../lib/download';
import { uploadFile } from '../../../../lib/upload';

const KEY = ['compta', 'sepa'] as const;

export function useMandates() {
  return useQuery({ queryKey: [...KEY, 'mandats'], queryFn: () => api.call(SEPA_CALLS.mandates) });
}

export function useBatches() {
  return useQuery({ queryKey: [...KEY, 'lots'], queryFn: () => api.call(SEPA_CALLS.batches) });
}

function useSepaMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }) });
}

export const useCreateMandate = () =>
  useSepaMutation((body: z.input<typeof SEPA_CALLS.createMandate.body>) =>
    api.call(SEPA_CALLS.createMandate, { body }),
  );

export const useRevokeMandate = () =>
  useSepaMutation(({ mandate, body }: { mandate: Mandate; body: MandateRevoke }) =>
    api.call(SEPA_CALLS.revokeMandate, { params: { id: mandate.id }, body }),
  );

/** Sends the signed mandate's PDF through the one upload helper (lib/upload.ts). */
export const useStoreMandatePdf = () =>
  useSepaMutation(({ mandate, file }: { mandate: Mandate; file: File }) =>
    uploadFile({
      url: pathTo(SEPA_CALLS.storeMandatePdf.path, { id: mandate.id }),
      method: 'PUT',
      schema: SEPA_CALLS.storeMandatePdf.responses[200],
      file,
      fieldName: 'fichier',
    }),
  );

export const useCreateBatch = () =>
  useSepaMutation((body: SepaBatchCreate) => api.call(SEPA_CALLS.createBatch, { body }));

export const useSendBatch = () =>
  useSepaMutation((batch: SepaBatch) => api.call(SEPA_CALLS.sendBatch, { params: { id: batch.id } }));

export const useCancelBatch = () =>
  useSepaMutation((batch: SepaBatch) => api.call(SEPA_CALLS.cancelBatch, { params: { id: batch.id } }));

export const downloadMandatePdf = (m: Mandate) =>
  downloadFile(pathTo(SEPA_CALLS.mandatePdf.path, { id: m.id }), `mandat-${m.rum}.pdf`);

/** The batch's pain.008 file in `version` (the server names it `<reference>.pain008.<version>.xml`). */
export const downloadPain008 = (b: SepaBatch, version: Pain008Version) =>
  downloadFile(
    pathTo(SEPA_CALLS.batchFile.path, { id: b.id }, { version }),
    `${b.reference}.pain008.${version}.xml`,
  );

/** The lodge's mandate and debits announced, for its officers (read-only). */
export function useLodgeDirectDebits(entityId: number) {
  return useQuery({
    queryKey: [...KEY, 'loge', entityId],
    queryFn: () => api.call(SEPA_CALLS.lodge, { params: { idEntite: entityId } }),
  });
}
