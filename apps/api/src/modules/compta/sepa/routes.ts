/** SEPA direct debit of the dues (issue 34 §4): mandates, batches, their pain.008 files, a lodge's view. */
import multipart from '@fastify/multipart';
import { CALLS } from '@union/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../../lib/errors';
import { contentDisposition } from '../../../lib/file-names';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { stageUpload, uploadCutShort, type StagedFile } from '../../documents/files';
import { sendFile } from '../documents/files';
import { batchesService } from './batches';
import { mandatesService } from './service';

/** A signed mandate is a page or two scanned: 10 MB is plenty. */
const MANDATE_MAX_BYTES = 10 * 1024 * 1024;

/** The one PDF of a multipart request, staged to a temporary file (its type read from its content). */
async function stagedPdf(request: FastifyRequest, tmpDir: string | undefined): Promise<StagedFile> {
  if (!request.isMultipart())
    throw invalid('Joignez le mandat signé en PDF (envoi multipart/form-data, un seul fichier).');
  let part;
  try {
    part = await request.file({
      limits: { fileSize: MANDATE_MAX_BYTES, files: 1 },
      throwFileSizeLimit: false,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadCutShort();
  }
  if (!part) throw invalid('Joignez le mandat signé en PDF : aucun fichier reçu.');
  return stageUpload(part.file, part.filename || 'mandat.pdf', MANDATE_MAX_BYTES, tmpDir);
}

export default async function sepaRoutes(app: App) {
  // Registered here, not globally: each module that reads multipart bodies says so.
  await app.register(multipart);
  const tags = ['comptabilité'];
  const calls = CALLS.sepa;

  route(
    app,
    calls.mandates,
    { tags, summary: 'Les mandats de prélèvement SEPA des loges' },
    async (request) => mandatesService.list(request.ctx),
  );

  route(
    app,
    calls.createMandate,
    { tags, summary: 'Enregistrer le mandat SEPA signé d’une loge' },
    async (request, reply) => reply.status(201).send(await mandatesService.create(request.ctx, request.body)),
  );

  route(
    app,
    calls.storeMandatePdf,
    { tags, summary: 'Joindre le PDF du mandat signé', consumes: ['multipart/form-data'] },
    async (request) => {
      const file = await stagedPdf(request, app.config.UPLOAD_TMP_DIR);
      try {
        return await mandatesService.storePdf(request.ctx, request.params.id, file);
      } finally {
        await file.discard();
      }
    },
  );

  route(app, calls.mandatePdf, { tags, summary: 'Le PDF du mandat signé' }, async (request, reply) => {
    const { nom, stream } = await mandatesService.pdf(request.ctx, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', nom))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  route(app, calls.revokeMandate, { tags, summary: 'Révoquer un mandat SEPA' }, async (request) =>
    mandatesService.revoke(request.ctx, request.params.id, request.body),
  );

  route(app, calls.batches, { tags, summary: 'Les lots de prélèvements SEPA' }, async (request) =>
    batchesService.list(request.ctx),
  );

  route(
    app,
    calls.createBatch,
    { tags, summary: 'Préparer un lot de prélèvements et pré-notifier les loges' },
    async (request, reply) => reply.status(201).send(await batchesService.create(request.ctx, request.body)),
  );

  route(
    app,
    calls.batchFile,
    { tags, summary: 'Le fichier pain.008 du lot (001.02 ou 001.08)' },
    async (request, reply) => {
      const { nom, xml } = await batchesService.file(request.ctx, request.params.id, request.query.version);
      return sendFile(reply, nom, 'application/xml; charset=utf-8', Buffer.from(xml, 'utf8'));
    },
  );

  route(app, calls.sendBatch, { tags, summary: 'Marquer le lot transmis à la banque' }, async (request) =>
    batchesService.send(request.ctx, request.params.id),
  );

  route(app, calls.cancelBatch, { tags, summary: 'Annuler un lot non transmis' }, async (request) =>
    batchesService.cancel(request.ctx, request.params.id),
  );

  route(
    app,
    calls.lodge,
    { tags, summary: 'Le mandat et les prélèvements annoncés d’une loge' },
    async (request) => mandatesService.lodge(request.ctx, request.params.idEntite),
  );
}
