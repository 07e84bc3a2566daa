/**
 * The documents' use cases (DECISIONS §6): load → policy (403) → machine (412) → write, audit and e-mails
 * in one transaction. A document one may not read answers 403 on every call; lists and searches only
 * ever return what the caller may read (the policy's read scope, as SQL).
 */
import {
  ENTITY_TYPES_WITH_BUREAU,
  type DistributionResult,
  type DocumentDetail,
  type DocumentList,
  type DocumentMetadata,
  type DocumentPublished,
  type DocumentSearch,
  type DocumentUpdate,
} from '@union/contract';
import type { Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { inTransaction, type PublicContext, type RequestContext } from '../../lib/context';
import { refused, notFound } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { memberRightsRepository } from '../entities/member-rights-repository';
import { entityRepository } from '../entities/entity-repository';
import { mailRepository } from '../mail/repository';
import { reservationsRepository } from '../reservations/repository';
import { accountRepository } from '../users/account-repository';
import { extractText, readStoredFile, storeFile, type StagedFile } from './files';
import { documentMachine } from './machine';
import { distributionEmail, unsubscribeSigner, userOfToken, type UnsubscribeScope } from './mails';
import { PRODUCED_FILES, type ProducedFile } from './produced-files';
import { may, readScope, type DocumentsContext } from './policy';
import { presentDetail, presentDocument } from './presenter';
import { documentsRepository, type DocumentRow } from './repository';

/** Who the caller is for documents: staff or not, member and manager of which entities. */
export async function loadDocumentsContext(ctx: RequestContext<Executor>): Promise<DocumentsContext> {
  // One query for the three facts: every list and every document's page asks them (issue 18).
  const rows = await memberRightsRepository.currentMemberships(ctx.db, ctx.caller.id, ctx.clock.today());
  return {
    caller: ctx.caller,
    isStaff: rows.some((m) => m.gestion && m.union),
    manages: new Set(rows.filter((m) => m.gestion).map((m) => m.entityId)),
    memberOf: new Set(rows.map((m) => m.entityId)),
  };
}

/** 404 when there is no such document, 403 when the caller may not read it. */
async function loadReadable(ctx: RequestContext<Executor>, policy: DocumentsContext, id: number) {
  const row = await documentsRepository.findJoined(ctx.db, id);
  if (!row) throw notFound("Ce document n'existe pas.");
  authorize(may(policy, 'READ', row.document), "Vous n'avez pas accès à ce document.");
  return row;
}

/**
 * The metadata's own rules, checked against the database: the entity exists and is active, type B only
 * for entities with a bureau, a session only for a convocation, and of the same entity. Each refusal has
 * its own code.
 */
async function checkMetadata(db: Executor, meta: DocumentMetadata): Promise<void> {
  const entity = await entityRepository.find(db, meta.idEntite);
  if (!entity || entity.etat !== 'A') {
    throw refused(
      'document_entity',
      "Entité : elle n'existe pas ou a été supprimée. Choisissez-en une autre.",
    );
  }
  if (meta.type === 'B' && !(ENTITY_TYPES_WITH_BUREAU as readonly string[]).includes(entity.type)) {
    throw refused(
      'document_type_b',
      'Type : un procès-verbal de bureau ne se publie que pour une association ou pour l’Union.',
    );
  }
  if (meta.idReservation) {
    if (meta.type !== 'V') {
      throw refused(
        'document_session_type',
        'Tenue : seule une convocation se rattache à une tenue du planning.',
      );
    }
    const session = await reservationsRepository.findById(db, meta.idReservation);
    if (!session || session.etat === 'SU') {
      throw refused('document_session', "Tenue : cette tenue n'existe pas ou a été supprimée.");
    }
    if (session.entityId !== meta.idEntite) {
      throw refused('document_session_entity', "Tenue : elle n'est pas une tenue de l'entité qui publie.");
    }
  }
}

/** What each kind of unsubscribe link turns off, and the line it writes in the person's history. */
const UNSUBSCRIBES = {
  documents: { changes: { notificationDocuments: false }, action: 'NOTIFICATION_DOCUMENTS_OFF' },
  messages: { changes: { notificationMessages: false }, action: 'NOTIFICATION_MESSAGES_OFF' },
  restaurant: { changes: { notificationRestauration: false }, action: 'NOTIFICATION_RESTAURATION_OFF' },
} as const satisfies Record<UnsubscribeScope, { changes: object; action: string }>;

const PUBLISH_REFUSAL = 'Vous ne pouvez publier que pour une entité dont vous avez la gestion.';

async function distributionCounts(ctx: RequestContext<Executor>, policy: DocumentsContext, row: DocumentRow) {
  return may(policy, 'DISTRIBUTE', row.document) ? documentsRepository.counts(ctx.db, row.document.id) : null;
}

export const documentsService = {
  async list(ctx: RequestContext, filters: DocumentSearch, maxBytes: number): Promise<DocumentList> {
    const policy = await loadDocumentsContext(ctx);
    const { total, rows } = await documentsRepository.search(ctx.db, readScope(policy), filters);
    // A reader who manages nothing publishes nowhere: no query for it.
    const publishable =
      policy.isStaff || policy.manages.size > 0
        ? await entityRepository.activeAmong(ctx.db, policy.isStaff ? 'all' : policy.manages)
        : [];
    return {
      total,
      documents: rows.map((row) => presentDocument(policy, row)),
      publication: publishable.map((e) => ({
        id: e.id,
        nom: e.nom,
        bureau: (ENTITY_TYPES_WITH_BUREAU as readonly string[]).includes(e.type),
      })),
      tailleMax: maxBytes,
    };
  },

  async infos(ctx: RequestContext, id: number): Promise<DocumentDetail> {
    const policy = await loadDocumentsContext(ctx);
    const row = await loadReadable(ctx, policy, id);
    return presentDetail(policy, row, await distributionCounts(ctx, policy, row));
  },

  /**
   * 412 then 403 before the file is received: a refused upload is not even read to the end of its
   * metadata's checks.
   */
  async checkPublish(ctx: RequestContext, meta: DocumentMetadata): Promise<void> {
    await checkMetadata(ctx.db, meta);
    const policy = await loadDocumentsContext(ctx);
    authorize(may(policy, 'PUBLISH', { entityId: meta.idEntite, audience: meta.audience }), PUBLISH_REFUSAL);
  },

  /**
   * Publishes the document with its staged file: metadata, file and text in one transaction. A PDF whose
   * text could not be read is published all the same; the answer says why it is not searchable.
   */
  async create(ctx: RequestContext, meta: DocumentMetadata, file: StagedFile): Promise<DocumentPublished> {
    // Read before the transaction: PGlite's one connection must not wait on the PDF parser.
    const { texte, avertissement } = await extractText(file);
    const id = await inTransaction(ctx, async (tx) => {
      await checkMetadata(tx.db, meta);
      const policy = await loadDocumentsContext(tx);
      authorize(
        may(policy, 'PUBLISH', { entityId: meta.idEntite, audience: meta.audience }),
        PUBLISH_REFUSAL,
      );
      const fileId = await storeFile(tx.db, file, tx.clock.now());
      const doc = await documentsRepository.insert(
        tx.db,
        {
          type: meta.type,
          titre: meta.titre,
          jour: meta.date,
          entityId: meta.idEntite,
          audience: meta.audience,
          reservationId: meta.idReservation ?? null,
          fileId,
          texte,
          createdById: ctx.caller.id,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'DOCUMENT_CREATE',
        recordType: 'document',
        recordId: doc.id,
        details: { entityId: meta.idEntite, type: meta.type, fileId, taille: file.taille },
      });
      return doc.id;
    });
    const detail = await this.infos(ctx, id);
    return avertissement ? { ...detail, avertissement } : detail;
  },

  async update(ctx: RequestContext, input: DocumentUpdate): Promise<DocumentDetail> {
    await inTransaction(ctx, async (tx) => {
      const doc = await documentsRepository.lock(tx.db, input.id);
      if (!doc) throw notFound("Ce document n'existe pas.");
      const policy = await loadDocumentsContext(tx);
      authorize(may(policy, 'READ', doc), "Vous n'avez pas accès à ce document.");
      decide(documentMachine, doc.diffusion, 'EDIT', may(policy, 'EDIT', doc));
      await checkMetadata(tx.db, input);
      authorize(
        may(policy, 'PUBLISH', { entityId: input.idEntite, audience: input.audience }),
        PUBLISH_REFUSAL,
      );
      await documentsRepository.update(
        tx.db,
        doc.id,
        {
          type: input.type,
          titre: input.titre,
          jour: input.date,
          entityId: input.idEntite,
          audience: input.audience,
          reservationId: input.idReservation ?? null,
        },
        tx.clock.now(),
      );
      await audit.record(tx, {
        action: 'DOCUMENT_EDIT',
        recordType: 'document',
        recordId: doc.id,
        details: { entityId: input.idEntite, type: input.type },
      });
    });
    return this.infos(ctx, input.id);
  },

  /** Deletes the document and its file; e-mails of its distribution not sent yet are cancelled. */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const doc = await documentsRepository.lock(tx.db, id);
      if (!doc) throw notFound("Ce document n'existe pas.");
      const policy = await loadDocumentsContext(tx);
      authorize(may(policy, 'READ', doc), "Vous n'avez pas accès à ce document.");
      decide(documentMachine, doc.diffusion, 'DELETE', may(policy, 'DELETE', doc));
      const cancelled = await mailRepository.cancelPending(
        tx.db,
        documentsRepository.distributionEmailIds(tx.db, id),
      );
      await documentsRepository.remove(tx.db, doc);
      await audit.record(tx, {
        action: 'DOCUMENT_DELETE',
        recordType: 'document',
        recordId: id,
        details: { entityId: doc.entityId, type: doc.type, emailsAnnules: cancelled },
      });
    });
  },

  /** How many people a distribution now would reach: the query the distribution sends with (issue 21). */
  async distributionPreview(ctx: RequestContext, id: number): Promise<{ nombre: number }> {
    const row = await documentsRepository.findJoined(ctx.db, id);
    if (!row) throw notFound("Ce document n'existe pas.");
    const doc = row.document;
    const policy = await loadDocumentsContext(ctx);
    authorize(may(policy, 'READ', doc), "Vous n'avez pas accès à ce document.");
    authorize(may(policy, 'DISTRIBUTE', doc));
    return { nombre: (await documentsRepository.recipients(ctx.db, doc, ctx.clock.today())).length };
  },

  /**
   * E-mails the document to every audience member who reads documents and has the notification on, one
   * message each, through the outbox; a second call reaches only those not reached yet. The document row
   * is locked, so two simultaneous calls never send one person two e-mails.
   */
  async distribute(ctx: RequestContext, id: number): Promise<DistributionResult> {
    return inTransaction(ctx, async (tx) => {
      const doc = await documentsRepository.lock(tx.db, id);
      if (!doc) throw notFound("Ce document n'existe pas.");
      const policy = await loadDocumentsContext(tx);
      authorize(may(policy, 'READ', doc), "Vous n'avez pas accès à ce document.");
      const next = decide(documentMachine, doc.diffusion, 'DISTRIBUTE', may(policy, 'DISTRIBUTE', doc));
      const row = (await documentsRepository.findJoined(tx.db, id))!;
      const recipients = await documentsRepository.recipients(tx.db, doc, ctx.clock.today());
      if (recipients.length === 0 && doc.diffusion === 'N') {
        throw refused(
          'distribution_nobody',
          "Diffusion : aucun destinataire n'a activé la notification des documents. Rien n'a été envoyé.",
        );
      }
      const sign = await unsubscribeSigner(tx.db);
      for (const person of recipients) {
        const emailId = await mailRepository.enqueue(
          tx.db,
          distributionEmail({
            to: person.email,
            prenom: person.prenom,
            documentId: id,
            titre: doc.titre,
            type: doc.type,
            jour: doc.jour,
            entite: row.entite,
            publicUrl: ctx.publicUrl,
            token: sign(person.id),
          }),
          tx.clock.now(),
        );
        await documentsRepository.recordDistribution(tx.db, id, person.id, emailId, tx.clock.now());
      }
      await documentsRepository.update(tx.db, id, { diffusion: next }, tx.clock.now());
      await audit.record(tx, {
        action: 'DOCUMENT_DISTRIBUTE',
        recordType: 'document',
        recordId: id,
        details: { destinataires: recipients.length },
      });
      return {
        diffusion: next,
        compteurs: await documentsRepository.counts(tx.db, id),
        nombre: recipients.length,
      };
    });
  },

  /** Cancels the e-mails not sent yet; those already gone stay counted as sent. */
  async cancelDistribution(ctx: RequestContext, id: number): Promise<DistributionResult> {
    return inTransaction(ctx, async (tx) => {
      const doc = await documentsRepository.lock(tx.db, id);
      if (!doc) throw notFound("Ce document n'existe pas.");
      const policy = await loadDocumentsContext(tx);
      authorize(may(policy, 'READ', doc), "Vous n'avez pas accès à ce document.");
      const next = decide(
        documentMachine,
        doc.diffusion,
        'CANCEL_DISTRIBUTION',
        may(policy, 'CANCEL_DISTRIBUTION', doc),
      );
      const cancelled = await mailRepository.cancelPending(
        tx.db,
        documentsRepository.distributionEmailIds(tx.db, id),
      );
      if (cancelled === 0) {
        throw refused(
          'distribution_already_sent',
          'Diffusion : tous les e-mails sont déjà partis, il ne reste rien à annuler.',
        );
      }
      await documentsRepository.update(tx.db, id, { diffusion: next }, tx.clock.now());
      await audit.record(tx, {
        action: 'DOCUMENT_CANCEL_DISTRIBUTION',
        recordType: 'document',
        recordId: id,
        details: { annules: cancelled },
      });
      return { diffusion: next, compteurs: await documentsRepository.counts(tx.db, id), nombre: cancelled };
    });
  },

  /** The file of a readable document, streamed from the database. */
  async file(ctx: RequestContext, id: number) {
    const policy = await loadDocumentsContext(ctx);
    const row = await loadReadable(ctx, policy, id);
    return {
      nom: row.nomFichier,
      mime: row.typeFichier,
      taille: row.taille,
      stream: readStoredFile(ctx.db, row.document.fileId),
    };
  },

  /** A file the application produces (catalogue in produced-files.ts): 404 when unknown, 403 when not allowed. */
  producedFile(ctx: RequestContext, name: string): ProducedFile {
    const produced = Object.hasOwn(PRODUCED_FILES, name) ? PRODUCED_FILES[name] : undefined;
    if (!produced) throw notFound("Ce fichier n'existe pas.");
    authorize(produced.allowed(ctx.caller));
    return produced;
  },

  /**
   * The unsubscribe link of the e-mails (public): turns the documents notification off, or the broadcast
   * messages' e-mails for a token of a message's e-mail.
   */
  async unsubscribe(ctx: PublicContext, token: string): Promise<void> {
    const { db } = ctx;
    const named = await userOfToken(db, token);
    const userId = named?.userId;
    const scope = named?.scope ?? 'documents';
    const changes = UNSUBSCRIBES[scope].changes;
    if (userId === undefined || !(await accountRepository.update(db, userId, changes, ctx.clock.now()))) {
      throw refused(
        'unsubscribe_token',
        'Ce lien de désinscription est invalide. Utilisez celui de l’e-mail reçu.',
      );
    }
    await audit.recordSystem(db, ctx.clock.now(), {
      action: UNSUBSCRIBES[scope].action,
      recordType: 'user',
      recordId: userId,
      details: { via: 'lien de désinscription' },
    });
  },
};
