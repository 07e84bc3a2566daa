/** POST /api/user/import?idEntite=&dryRun= and GET /api/entite/{id}/membres/excel. */
import multipart from '@fastify/multipart';
import { CALLS, IMPORT_MAX_BYTES } from '@union/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../lib/errors';
import { XLSX_MIME } from '../../lib/excel';
import { contentDisposition, firstCharacters, plainFileName } from '../../lib/file-names';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { importsService, type UploadedFile } from './service';

const MAX_MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** The one file of a multipart request, read whole (bounded by IMPORT_MAX_BYTES); 412 otherwise. */
async function uploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw invalid('Joignez le fichier des membres (envoi multipart/form-data, un seul fichier).');
  }
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part) throw invalid('Joignez le fichier des membres : aucun fichier reçu.');
    // The name is kept in the report and the history (« Par import du fichier … »): shown as it reads.
    const nom = firstCharacters(plainFileName(part.filename ?? ''), 150) || 'fichier';
    return { nom, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalid(
        `Le fichier dépasse la taille maximale de ${MAX_MB} Mo : découpez-le en plusieurs fichiers.`,
      );
    }
    // A body cut short or without its multipart boundary: nothing usable arrived.
    throw invalid("Le fichier n'a pas été reçu en entier (envoi interrompu ou mal formé) : renvoyez-le.");
  }
}

export default async function importsRoutes(app: App) {
  // Registered here, not globally: only this module reads multipart bodies this way.
  await app.register(multipart);
  const tags = ['gestion des membres'];

  // The body is multipart (one file), read by the handler: the call declares its query and answer only.
  route(
    app,
    CALLS.imports.userImport,
    {
      tags,
      summary: 'Importer des membres dans une entité (aperçu avec dryRun=true, puis import)',
      consumes: ['multipart/form-data'],
    },
    async (request) =>
      importsService.importMembers(request.ctx, {
        idEntite: request.query.idEntite,
        dryRun: request.query.dryRun,
        readFile: () => uploadedFile(request),
      }),
  );

  route(
    app,
    CALLS.imports.membersExcel,
    {
      tags,
      summary: "Exporter les membres d'une entité au format Excel",
      produces: [XLSX_MIME],
    },
    async (request, reply) => {
      const file = await importsService.exportMembers(request.ctx, {
        idEntite: request.params.id,
        onlyCurrent: request.query.perimetre === 'actifs',
      });
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .send(file.content);
    },
  );
}
