/**
 * Broadcast messages (DECISIONS §6): DIFFUSION writes them; everyone reads the active ones addressed to
 * them and may hide one for themselves. A message marked for e-mail is sent once, to its audience, when
 * it is first saved active inside its window.
 */
import type { Message, MessageInput, MessageUpdate, PortalMessage } from '@union/contract';
import { type MessageInputSchema } from '@union/contract';
import type { z } from 'zod';
import { authorize } from '../../lib/authorize';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { notFound, refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { messageMachine } from './machine';
import { unsubscribeSigner } from '../documents/mails';
import { messageEmail } from './mails';
import { may, type MessagesContext } from './policy';
import { presentMessage, presentPortalMessage } from './presenter';
import { messagesRepository, type MessageRecord } from './repository';

type Input = z.output<typeof MessageInputSchema>;

const contextOf = (ctx: RequestContext): MessagesContext => ({ caller: ctx.caller });

async function checkEntities(tx: TxContext, input: Input): Promise<number[]> {
  if (input.tous) return [];
  const ids = [...new Set(input.entites)];
  const active = await messagesRepository.activeEntityIds(tx.db, ids);
  if (ids.some((id) => !active.has(id))) {
    throw refused(
      'message_entity',
      "Destinataires : une des entités choisies n'existe pas ou a été supprimée.",
    );
  }
  return ids;
}

/** Queues the e-mails of a message once, when it asks for them and is shown now or later. */
async function emailIfDue(tx: TxContext, message: MessageRecord): Promise<number> {
  const today = tx.clock.today();
  if (!message.email || message.emailedAt || message.statut !== 'A') return 0;
  if (message.fin && message.fin < today) return 0;
  const people = await messagesRepository.audience(
    tx.db,
    message.tous ? { tous: true } : { messageId: message.id },
    today,
  );
  const sign = await unsubscribeSigner(tx.db, 'messages');
  await mailRepository.enqueueMany(
    tx.db,
    people.map((person) =>
      messageEmail({
        to: person.email,
        prenom: person.prenom,
        ...message,
        publicUrl: tx.publicUrl,
        token: sign(person.id),
      }),
    ),
    tx.clock.now(),
  );
  const now = tx.clock.now();
  await messagesRepository.update(tx.db, message.id, { emailedAt: now }, now);
  return people.length;
}

export const messagesService = {
  /** GET /api/diffusion/appli: the portal's messages for the signed-in user. */
  async shown(ctx: RequestContext): Promise<PortalMessage[]> {
    const rows = await messagesRepository.shownTo(ctx.db, ctx.caller.id, ctx.clock.today());
    return rows.map(presentPortalMessage);
  },

  async all(ctx: RequestContext): Promise<Message[]> {
    const policy = contextOf(ctx);
    authorize(may(policy, 'WRITE', null));
    return (await messagesRepository.all(ctx.db)).map((m) => presentMessage(policy, m));
  },

  async infos(ctx: RequestContext, id: number): Promise<Message> {
    const policy = contextOf(ctx);
    authorize(may(policy, 'WRITE', null));
    const message = await messagesRepository.find(ctx.db, id);
    if (!message) throw notFound("Ce message n'existe pas.");
    return presentMessage(policy, message);
  },

  async create(ctx: RequestContext, input: MessageInput & Input): Promise<Message> {
    const policy = contextOf(ctx);
    authorize(may(policy, 'WRITE', null));
    const id = await inTransaction(ctx, async (tx) => {
      const entityIds = await checkEntities(tx, input);
      const message = await messagesRepository.insert(
        tx.db,
        {
          titre: input.titre,
          texte: input.texte,
          niveau: input.niveau,
          debut: input.debut,
          fin: input.fin ?? null,
          tous: input.tous,
          statut: input.statut,
          email: input.email,
          createdById: ctx.caller.id,
        },
        tx.clock.now(),
      );
      await messagesRepository.setEntities(tx.db, message.id, entityIds);
      const emails = await emailIfDue(tx, message);
      await audit.record(tx, {
        action: 'MESSAGE_CREATE',
        recordType: 'message',
        recordId: message.id,
        details: { niveau: input.niveau, statut: input.statut, tous: input.tous, entites: entityIds, emails },
      });
      return { id: message.id, emails };
    });
    return { ...(await this.infos(ctx, id.id)), emailsEnFile: id.emails };
  },

  /** POST /api/diffusion/destinataires: how many people the e-mail of a message being written reaches. */
  async recipients(
    ctx: RequestContext,
    input: { tous: boolean; entites: number[] },
  ): Promise<{ nombre: number }> {
    authorize(may(contextOf(ctx), 'WRITE', null));
    const ids = [...new Set(input.entites)];
    const people = await messagesRepository.audience(
      ctx.db,
      input.tous ? { tous: true } : { entityIds: ids },
      ctx.clock.today(),
    );
    return { nombre: people.length };
  },

  async update(ctx: RequestContext, input: MessageUpdate & Input & { id: number }): Promise<Message> {
    const policy = contextOf(ctx);
    authorize(may(policy, 'WRITE', null));
    const emails = await inTransaction(ctx, async (tx) => {
      const current = await messagesRepository.lock(tx.db, input.id);
      if (!current) throw notFound("Ce message n'existe pas.");
      let statut = decide(messageMachine, current.statut, 'EDIT', may(policy, 'EDIT', current));
      if (input.statut !== current.statut) {
        statut = decide(
          messageMachine,
          current.statut,
          input.statut === 'A' ? 'ACTIVATE' : 'DEACTIVATE',
          may(policy, input.statut === 'A' ? 'ACTIVATE' : 'DEACTIVATE', current),
        );
      }
      const entityIds = await checkEntities(tx, input);
      await messagesRepository.update(
        tx.db,
        current.id,
        {
          titre: input.titre,
          texte: input.texte,
          niveau: input.niveau,
          debut: input.debut,
          fin: input.fin ?? null,
          tous: input.tous,
          statut,
          email: input.email,
        },
        tx.clock.now(),
      );
      await messagesRepository.setEntities(tx.db, current.id, entityIds);
      const saved = await messagesRepository.lock(tx.db, current.id);
      const emails = await emailIfDue(tx, saved!);
      await audit.record(tx, {
        action:
          statut === current.statut
            ? 'MESSAGE_EDIT'
            : statut === 'A'
              ? 'MESSAGE_ACTIVATE'
              : 'MESSAGE_DEACTIVATE',
        recordType: 'message',
        recordId: current.id,
        details: { niveau: input.niveau, statut, tous: input.tous, entites: entityIds, emails },
      });
      return emails;
    });
    return { ...(await this.infos(ctx, input.id)), emailsEnFile: emails };
  },

  async remove(ctx: RequestContext, id: number): Promise<void> {
    const policy = contextOf(ctx);
    authorize(may(policy, 'WRITE', null));
    await inTransaction(ctx, async (tx) => {
      const current = await messagesRepository.lock(tx.db, id);
      if (!current) throw notFound("Ce message n'existe pas.");
      decide(messageMachine, current.statut, 'DELETE', may(policy, 'DELETE', current));
      await messagesRepository.remove(tx.db, id);
      await audit.record(tx, { action: 'MESSAGE_DELETE', recordType: 'message', recordId: id, details: {} });
    });
  },

  /** Hides a message shown to the caller, for them only; a message not shown to them is unknown (404). */
  async hide(ctx: RequestContext, id: number): Promise<void> {
    const today = ctx.clock.today();
    if (!(await messagesRepository.isShownTo(ctx.db, id, ctx.caller.id, today))) {
      throw notFound("Ce message n'existe pas ou ne vous est pas adressé.");
    }
    await messagesRepository.hide(ctx.db, id, ctx.caller.id);
  },
};
