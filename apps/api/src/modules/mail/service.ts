/** The outbox as administrators read it, filtered on the server. */
import type { OutboxQuery } from '@union/contract';
import { authorize } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { may } from './policy';
import { presentOutboxEntry } from './presenter';
import { mailRepository } from './repository';

export const mailService = {
  async outbox(ctx: RequestContext, query: OutboxQuery) {
    authorize(may({ caller: ctx.caller }, 'READ_OUTBOX', null));
    return (await mailRepository.list(ctx.db, query)).map(presentOutboxEntry);
  },
};
