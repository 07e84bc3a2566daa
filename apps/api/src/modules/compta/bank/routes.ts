/** The Union's bank (issue 34): statements imported (CAMT.053, OFX, CSV), their lines confirmed or left aside. */
import multipart from '@fastify/multipart';
import { BANK_STATEMENT_MAX_BYTES, CALLS } from '@union/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid, refused } from '../../../lib/errors';
import { firstCharacters, plainFileName } from '../../../lib/file-names';
import { route } from '../../../lib/route';
import type { App } from '../../../types';
import { bankService, type StatementFile } from './service';
import { settleCards } from './settlement';
import { confirmSepaLine } from './sepa-collection';

const MAX_MB = Math.round(BANK_STATEMENT_MAX_BYTES / 1024 / 1024);

/** The one file of a multipart request, read whole (bounded by BANK_STATEMENT_MAX_BYTES); 412 otherwise. */
async function uploadedFile(request: FastifyRequest): Promise<StatementFile> {
  if (!request.isMultipart())
    throw invalid('Joignez le relevé de la banque (envoi multipart/form-data, un seul fichier).');
  try {
    const part = await request.file({
      limits: { fileSize: BANK_STATEMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 4000 },
    });
    if (!part) throw invalid('Joignez le relevé de la banque : aucun fichier reçu.');
    const nom = firstCharacters(plainFileName(part.filename ?? ''), 150) || 'releve.xml';
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw refused('file_empty', 'Le relevé envoyé est vide.');
    // A CSV statement's account and columns come as fields before the file (the screen sends them so).
    const field = (name: string) => {
      const f = part.fields[name];
      const one = Array.isArray(f) ? f[0] : f;
      return one && one.type === 'field' ? String(one.value) : null;
    };
    return { nom, bytes, compte: field('compte'), colonnes: field('colonnes') };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw refused(
        'file_too_large',
        `Le relevé dépasse la taille maximale de ${MAX_MB} Mo : exportez une période plus courte.`,
      );
    throw refused(
      'upload_incomplete',
      "Le relevé n'a pas été reçu en entier (envoi interrompu ou mal formé) : renvoyez-le.",
    );
  }
}

export default async function bankRoutes(app: App) {
  // Registered here, not globally: each module that reads multipart bodies says so.
  await app.register(multipart);
  const tags = ['comptabilité'];

  route(app, CALLS.bank.statements, { tags, summary: 'Les relevés bancaires importés' }, async (request) =>
    bankService.statements(request.ctx),
  );

  // The body is multipart (one file), read by the handler: the call declares its answer only.
  route(
    app,
    CALLS.bank.importStatement,
    {
      tags,
      summary: 'Importer un relevé bancaire (CAMT.053, OFX ou CSV)',
      consumes: ['multipart/form-data'],
    },
    async (request, reply) =>
      reply.status(201).send(await bankService.importStatement(request.ctx, () => uploadedFile(request))),
  );

  route(
    app,
    CALLS.bank.statement,
    { tags, summary: 'Un relevé, ses lignes et leurs correspondances' },
    async (request) => bankService.statement(request.ctx, request.params.id),
  );

  route(
    app,
    CALLS.bank.confirmExact,
    { tags, summary: 'Confirmer les correspondances exactes d’un relevé' },
    async (request) => bankService.confirmExact(request.ctx, request.params.id),
  );

  route(
    app,
    CALLS.bank.confirmLine,
    { tags, summary: 'Confirmer une ligne : le paiement qu’elle enregistre' },
    async (request) => bankService.confirmLine(request.ctx, request.params.id, request.body),
  );

  route(
    app,
    CALLS.bank.ignoreLine,
    { tags, summary: 'Laisser une ligne sans correspondance, avec une note' },
    async (request) => bankService.ignoreLine(request.ctx, request.params.id, request.body.note),
  );

  route(
    app,
    CALLS.bank.imputeLine,
    { tags, summary: 'Imputer une ligne sur un compte du plan (une dépense) : son écriture contre le 512' },
    async (request) => bankService.imputeLine(request.ctx, request.params.id, request.body),
  );

  route(
    app,
    CALLS.bank.settleCards,
    {
      tags,
      summary: 'Un virement du prestataire de paiement par carte : les paiements qu’il règle, ses frais',
    },
    async (request) => settleCards(request.ctx, request.params.id, request.body),
  );

  route(
    app,
    CALLS.bank.sepaLine,
    {
      tags,
      summary:
        'Une ligne du relevé confirmée comme l’encaissement d’un lot de prélèvements SEPA, ou le retour d’un de ses prélèvements',
    },
    async (request) => confirmSepaLine(request.ctx, request.params.id, request.body),
  );
}
