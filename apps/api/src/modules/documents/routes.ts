/**
 * Documents (specification §7): GET /api/document/all, GET /api/document/{id}/infos, POST (multipart:
 * the metadata fields, then the file) and PUT (metadata) /api/document, DELETE /api/document/{id}, POST
 * and DELETE /api/document/{id}/diffusion, GET /api/fichier/{id}, GET /api/files/{name}, and the public
 * unsubscribe call of the distribution e-mails.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { CALLS, DocumentMetadataSchema } from '@union/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../lib/errors';
import { contentDisposition } from '../../lib/file-names';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { stageUpload, uploadCutShort } from './files';
import { documentsService } from './service';

/** Reads what is left of a refused upload, so the client gets its answer rather than a broken pipe. */
async function drain(part: MultipartFile): Promise<void> {
  if (part.file.destroyed) return; // cut short: nothing more will come (see uploadCutShort)
  await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() })).catch(
    () => undefined,
  );
}

/** The file part of the request (its metadata fields came before it), or a 412. */
async function filePart(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) {
    throw invalid('Fichier : envoyez le document en multipart/form-data (les champs, puis le fichier).');
  }
  try {
    const part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 2000 },
      throwFileSizeLimit: false,
    });
    if (!part) throw invalid('Fichier : joignez le fichier du document.');
    if (part.file.destroyed) throw uploadCutShort();
    return part;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadCutShort();
  }
}

/** The text fields of a multipart request. */
function fieldsOf(part: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const field = Array.isArray(value) ? value[0] : value;
    if (field && field.type === 'field') fields[name] = String(field.value);
  }
  return fields;
}

export default async function documentsRoutes(app: App) {
  // Registered here, not globally: each module that reads multipart bodies says so.
  await app.register(multipart);
  const tags = ['documents'];
  const calls = CALLS.documents;
  const maxBytes = Math.round(app.config.UPLOAD_MAX_MB * 1024 * 1024);

  route(app, calls.list, { tags }, async (request) =>
    documentsService.list(request.ctx, request.query, maxBytes),
  );

  route(app, calls.infos, { tags }, async (request) =>
    documentsService.infos(request.ctx, request.params.id),
  );

  // The body is multipart (the metadata fields, then the file), read here: the call declares none.
  route(
    app,
    calls.publish,
    {
      tags,
      summary:
        'Publier un document : les champs (type, titre, date, idEntite, audience, idReservation), puis le fichier',
      consumes: ['multipart/form-data'],
    },
    async (request, reply) => {
      const part = await filePart(request, maxBytes);
      let staged;
      try {
        const parsed = DocumentMetadataSchema.safeParse(fieldsOf(part));
        if (!parsed.success) {
          const details = parsed.error.issues.map((i) => i.message);
          throw invalid(details[0]!, details);
        }
        await documentsService.checkPublish(request.ctx, parsed.data);
        staged = {
          meta: parsed.data,
          file: await stageUpload(
            part.file,
            part.filename || 'document',
            maxBytes,
            app.config.UPLOAD_TMP_DIR,
          ),
        };
      } catch (error) {
        await drain(part);
        throw error;
      }
      // The temporary copy goes before the answer does: nothing is left once the client reads 201.
      let created;
      try {
        created = await documentsService.create(request.ctx, staged.meta, staged.file);
      } finally {
        await staged.file.discard();
      }
      return reply.status(201).send(created);
    },
  );

  route(app, calls.update, { tags }, async (request) => documentsService.update(request.ctx, request.body));

  route(app, calls.remove, { tags }, async (request, reply) => {
    await documentsService.remove(request.ctx, request.params.id);
    return reply.status(204).send();
  });

  route(app, calls.distributionPreview, { tags }, async (request) =>
    documentsService.distributionPreview(request.ctx, request.params.id),
  );

  route(app, calls.distribute, { tags }, async (request) =>
    documentsService.distribute(request.ctx, request.params.id),
  );

  route(app, calls.cancelDistribution, { tags }, async (request) =>
    documentsService.cancelDistribution(request.ctx, request.params.id),
  );

  route(
    app,
    calls.file,
    { tags, summary: 'Le fichier du document, sous son vrai nom et son vrai type' },
    async (request, reply) => {
      const file = await documentsService.file(request.ctx, request.params.id);
      // PDFs and images open in the browser; other files download.
      const inline = file.mime === 'application/pdf' || file.mime.startsWith('image/');
      return (
        reply
          .header('content-type', file.mime)
          .header('content-length', String(file.taille))
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.nom))
          .header('x-content-type-options', 'nosniff')
          // Opened on its own, a file runs no script of ours and reads no cookie.
          .header(
            'content-security-policy',
            "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          )
          .header('cache-control', 'private, no-store')
          .send(file.stream)
      );
    },
  );

  route(
    app,
    calls.produced,
    { tags, summary: "Un fichier produit par l'application, par son nom (catalogue fixe)" },
    async (request, reply) => {
      const produced = documentsService.producedFile(request.ctx, request.params.name);
      return reply
        .header('content-type', produced.mime)
        .header('content-disposition', contentDisposition('attachment', request.params.name))
        .send(produced.content());
    },
  );

  // Public and without XSRF: the one-click unsubscribe of mail clients (RFC 8058) posts here with the
  // token in the query; the page /desinscription posts it in the body.
  route(app, calls.unsubscribe, { config: { public: true, noXsrf: true }, tags }, async (request, reply) => {
    const jeton = request.body?.jeton ?? request.query.jeton;
    if (!jeton) throw invalid('Le lien de désinscription est incomplet.');
    await documentsService.unsubscribe(app.publicContext(), jeton);
    return reply.status(204).send();
  });
}
