/**
 * SEPA mandates (issue 34 §4): a lodge's signed mandate recorded (its RUM unique, one live per lodge, its
 * IBAN and BIC checked by the contract), the signed form's PDF stored as the documents' files are, its
 * revocation; and what a lodge's officers read of it. Each write is audited.
 */
import type { Readable } from 'node:stream';
import type { LodgeDirectDebits, Mandate, MandateCreate, MandateRevoke } from '@union/contract';
import { authorize } from '../../../lib/authorize';
import { guardConstraint } from '../../../lib/constraints';
import { inTransaction, type RequestContext } from '../../../lib/context';
import { invalid, notFound, refused } from '../../../lib/errors';
import { audit } from '../../audit/audit';
import { readStoredFile, storeFile, type StagedFile } from '../../documents/files';
import { entityRepository } from '../../entities/entity-repository';
import { unionSettings } from '../../settings/service';
import { loadAccountContext } from '../accounts/service';
import { mayAccount } from '../accounts/policy';
import { may } from '../policy';
import { presentLodge, presentMandate } from './presenter';
import { sepaRepository } from './repository';

const MANDATE_REFUSALS = {
  sepa_mandates_rum: {
    code: 'sepa_rum_taken',
    message: 'Cette référence de mandat (RUM) est déjà celle d’un autre mandat : chaque mandat a la sienne.',
  },
  sepa_mandates_one_live: {
    code: 'sepa_mandate_live',
    message: 'Cette loge a déjà un mandat en cours : révoquez-le avant d’en enregistrer un nouveau.',
  },
} as const;

const mandateNotFound = () => notFound('Ce mandat n’existe pas.');

export const mandatesService = {
  async list(ctx: RequestContext): Promise<Mandate[]> {
    authorize(may(ctx, 'READ', null));
    return (await sepaRepository.mandates(ctx.db)).map((r) => presentMandate(r.mandate, r.entite));
  },

  async create(ctx: RequestContext, input: MandateCreate): Promise<Mandate> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    if (input.dateSignature > ctx.clock.today())
      throw invalid('La date de signature du mandat ne peut pas être dans le futur.');
    const entity = await entityRepository.find(ctx.db, input.idEntite);
    if (!entity) throw notFound("Cette loge ou association n'existe pas.");
    return guardConstraint(
      () =>
        inTransaction(ctx, async (tx) => {
          const at = tx.clock.now();
          const row = await sepaRepository.insertMandate(tx.db, {
            entityId: input.idEntite,
            rum: input.rum,
            dateSignature: input.dateSignature,
            debiteur: input.debiteur,
            iban: input.iban,
            bic: input.bic,
            createdById: tx.caller.id,
            createdAt: at,
            updatedAt: at,
          });
          await audit.record(tx, {
            action: 'sepa_mandate_created',
            recordType: 'entity',
            recordId: input.idEntite,
            details: { mandatId: row.id, rum: input.rum, dateSignature: input.dateSignature },
          });
          return presentMandate(row, entity.nom);
        }),
      MANDATE_REFUSALS,
    );
  },

  /** Stores the signed mandate's PDF (a scan), replacing the one stored before, if any. */
  async storePdf(ctx: RequestContext, id: number, file: StagedFile): Promise<Mandate> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    if (file.mime !== 'application/pdf')
      throw refused('file_type', 'Le mandat signé se joint en PDF (une numérisation du formulaire signé).');
    return inTransaction(ctx, async (tx) => {
      const mandate = await sepaRepository.lockMandate(tx.db, id);
      if (!mandate) throw mandateNotFound();
      const at = tx.clock.now();
      const fileId = await storeFile(tx.db, file, at);
      await sepaRepository.updateMandate(tx.db, id, { fileId, updatedAt: at });
      await audit.record(tx, {
        action: 'sepa_mandate_pdf_stored',
        recordType: 'entity',
        recordId: mandate.entityId,
        details: { mandatId: id, fichier: file.nom, taille: file.taille },
      });
      const row = (await sepaRepository.mandate(tx.db, id))!;
      return presentMandate(row.mandate, row.entite);
    });
  },

  async pdf(ctx: RequestContext, id: number): Promise<{ nom: string; stream: Readable }> {
    authorize(may(ctx, 'READ', null));
    const row = await sepaRepository.mandate(ctx.db, id);
    if (!row) throw mandateNotFound();
    if (row.mandate.fileId === null) throw notFound('Le mandat signé n’a pas encore été joint.');
    return { nom: `mandat-${row.mandate.rum}.pdf`, stream: readStoredFile(ctx.db, row.mandate.fileId) };
  },

  async revoke(ctx: RequestContext, id: number, input: MandateRevoke): Promise<Mandate> {
    authorize(may(ctx, 'KEEP_ACCOUNTS', null));
    return inTransaction(ctx, async (tx) => {
      const mandate = await sepaRepository.lockMandate(tx.db, id);
      if (!mandate) throw mandateNotFound();
      if (mandate.revoqueLe)
        throw refused('sepa_mandate_revoked', 'Ce mandat est déjà révoqué : rechargez la page.');
      if (input.date < mandate.dateSignature || input.date > tx.clock.today())
        throw invalid('La date de révocation est entre la signature du mandat et aujourd’hui.');
      const set = { revoqueLe: input.date, motifRevocation: input.motif, updatedAt: tx.clock.now() };
      await sepaRepository.updateMandate(tx.db, id, set);
      await audit.record(tx, {
        action: 'sepa_mandate_revoked',
        recordType: 'entity',
        recordId: mandate.entityId,
        details: { mandatId: id, rum: mandate.rum, date: input.date, motif: input.motif },
      });
      const row = (await sepaRepository.mandate(tx.db, id))!;
      return presentMandate(row.mandate, row.entite);
    });
  },

  /** The lodge's mandate (the live one, else the last revoked) and its debits, for its officers. */
  async lodge(ctx: RequestContext, entityId: number): Promise<LodgeDirectDebits> {
    authorize(mayAccount(await loadAccountContext(ctx), 'READ_ACCOUNT', { entityId }));
    if (!(await entityRepository.find(ctx.db, entityId)))
      throw notFound("Cette loge ou association n'existe pas.");
    const mandates = (await sepaRepository.mandates(ctx.db)).filter((r) => r.mandate.entityId === entityId);
    const mandate = mandates.find((r) => !r.mandate.revoqueLe) ?? mandates[0];
    const { ics } = await unionSettings(ctx.db);
    return presentLodge(mandate?.mandate, ics, await sepaRepository.debitsOf(ctx.db, entityId));
  },
};
