/** The outbox as administrators read it, filtered on the server. */
import type { OutboxQuery } from '@union/contract';
import { authorize } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { mailPolicy } from './policy';
import { presentOutboxEntry } from './presenter';
import { mailRepository } from './repository';

export const mailService = {
  async outbox(ctx: RequestContext, query: OutboxQuery) {
    authorize(mailPolicy.may(ctx.caller, 'READ_OUTBOX'));
    return (await mailRepository.list(ctx.db, query)).map(presentOutboxEntry);
  },
};
