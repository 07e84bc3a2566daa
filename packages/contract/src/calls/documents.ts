/** Documents and broadcast messages (specification §7). */
import { z } from 'zod';
import {
  DistributionPreviewSchema,
  DistributionResultSchema,
  DocumentDetailSchema,
  DocumentListSchema,
  DocumentPublishedSchema,
  DocumentSearchSchema,
  DocumentUpdateSchema,
  UnsubscribeSchema,
} from '../documents';
import {
  MessageAudienceSchema,
  MessageInputSchema,
  MessageListSchema,
  MessageRecipientsSchema,
  MessageSchema,
  MessageUpdateSchema,
  PortalMessageListSchema,
} from '../messages';
import { API } from '../routes';
import { IdParamsSchema } from './auth';
import { defineCall } from './define';

export const DOCUMENT_CALLS = {
  list: defineCall({
    method: 'GET',
    path: API.documents.all,
    query: DocumentSearchSchema,
    responses: { 200: DocumentListSchema },
  }),
  infos: defineCall({
    method: 'GET',
    path: API.documents.infos,
    params: IdParamsSchema,
    responses: { 200: DocumentDetailSchema },
  }),
  /** A multipart upload: the metadata fields, then the file (DocumentMetadataSchema, read by the handler). */
  publish: defineCall({
    method: 'POST',
    path: API.documents.document,
    responses: { 201: DocumentPublishedSchema },
  }),
  update: defineCall({
    method: 'PUT',
    path: API.documents.document,
    body: DocumentUpdateSchema,
    responses: { 200: DocumentDetailSchema },
  }),
  remove: defineCall({ method: 'DELETE', path: API.documents.remove, params: IdParamsSchema }),
  distributionPreview: defineCall({
    method: 'GET',
    path: API.documents.distribution,
    params: IdParamsSchema,
    responses: { 200: DistributionPreviewSchema },
  }),
  distribute: defineCall({
    method: 'POST',
    path: API.documents.distribution,
    params: IdParamsSchema,
    responses: { 200: DistributionResultSchema },
  }),
  cancelDistribution: defineCall({
    method: 'DELETE',
    path: API.documents.distribution,
    params: IdParamsSchema,
    responses: { 200: DistributionResultSchema },
  }),
  /** The document's file, downloaded or opened, not parsed. */
  file: defineCall({ method: 'GET', path: API.documents.file, params: IdParamsSchema }),
  produced: defineCall({
    method: 'GET',
    path: API.documents.produced,
    params: z.object({ name: z.string().max(100) }),
  }),
  /** Public: the token comes in the body (the page) or in the query (one-click unsubscribe, RFC 8058). */
  unsubscribe: defineCall({
    method: 'POST',
    path: API.documents.unsubscribe,
    query: UnsubscribeSchema.partial(),
    body: UnsubscribeSchema.partial().nullish(),
  }),
} as const;

export const MESSAGE_CALLS = {
  shown: defineCall({
    method: 'GET',
    path: API.messages.appli,
    responses: { 200: PortalMessageListSchema },
  }),
  all: defineCall({ method: 'GET', path: API.messages.all, responses: { 200: MessageListSchema } }),
  infos: defineCall({
    method: 'GET',
    path: API.messages.infos,
    params: IdParamsSchema,
    responses: { 200: MessageSchema },
  }),
  create: defineCall({
    method: 'POST',
    path: API.messages.message,
    body: MessageInputSchema,
    responses: { 201: MessageSchema },
  }),
  update: defineCall({
    method: 'PUT',
    path: API.messages.message,
    body: MessageUpdateSchema,
    responses: { 200: MessageSchema },
  }),
  remove: defineCall({ method: 'DELETE', path: API.messages.remove, params: IdParamsSchema }),
  recipients: defineCall({
    method: 'POST',
    path: API.messages.recipients,
    body: MessageAudienceSchema,
    responses: { 200: MessageRecipientsSchema },
  }),
  hide: defineCall({ method: 'POST', path: API.messages.hide, params: IdParamsSchema }),
} as const;
