/** Documents: the library (search and filters), one document, its file, its distribution. */
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { API, DOCUMENT_CALLS, ENTITY_CALLS, pathTo, type DocumentUpdate } from '@union/contract';
import { api, sendRequest } from '../../../lib/api-client';
import { planningKeys } from '../../reservations';

const DOCUMENTS_KEY = ['documents'] as const;

/**
 * After a document is published, changed or removed: every view of the documents, and the planning's
 * convocation links (a session's panel lists the convocations tied to it).
 */
export const refreshDocuments = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: planningKeys.convocations() }),
  ]);

export interface DocumentFilters {
  type?: string;
  idEntite?: string;
  annee?: string;
  q?: string;
  idReservation?: number;
  page?: number;
  parPage?: number;
}

export function useDocuments(filters: DocumentFilters) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, 'list', filters],
    queryFn: () => api.call(DOCUMENT_CALLS.list, { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useDocument(id: number) {
  return useQuery({
    queryKey: [...DOCUMENTS_KEY, id],
    queryFn: () => api.call(DOCUMENT_CALLS.infos, { params: { id } }),
    staleTime: 0,
  });
}

/** Every entity, for the filters (the names are no secret; what one reads is filtered by the server). */
export function useEntityNames() {
  return useQuery({
    queryKey: ['entities', 'names'],
    queryFn: () => api.call(ENTITY_CALLS.all),
    staleTime: 5 * 60_000,
  });
}

/**
 * The file as a blob (the call needs the bearer token, so it cannot be a plain link): a download, sent as
 * is rather than through `api.call`, whose answers are JSON.
 */
export async function fetchDocumentFile(id: number): Promise<Blob> {
  const response = await sendRequest(pathTo(API.documents.file, { id }), { headers: { Accept: '*/*' } });
  return response.blob();
}

function useDocumentMutation<T, V>(run: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => refreshDocuments(queryClient),
  });
}

export const useDistribute = () =>
  useDocumentMutation((id: number) => api.call(DOCUMENT_CALLS.distribute, { params: { id } }));
export const useCancelDistribution = () =>
  useDocumentMutation((id: number) => api.call(DOCUMENT_CALLS.cancelDistribution, { params: { id } }));
export const useDeleteDocument = () =>
  useDocumentMutation((id: number) => api.call(DOCUMENT_CALLS.remove, { params: { id } }));
export const useUpdateDocument = () =>
  useDocumentMutation((body: DocumentUpdate) => api.call(DOCUMENT_CALLS.update, { body }));

/** GET /api/document/{id}/diffusion: how many people a distribution would e-mail now (asked before it). */
export const fetchDistributionPreview = (id: number) =>
  api.call(DOCUMENT_CALLS.distributionPreview, { params: { id } });
