/**
 * Who reads an entity's account with the Union (issue 20): its officers, and the Union's treasurers.
 * An officer holds LOGE (the Gestion Loge section) and a current membership of the active entity with
 * `gestion` (its Worshipful Master or president) or `carteLoge` (who spends the lodge's money: the flag
 * this project names for its treasurer, docs/decisions/accounting.md). COMPTA_LECTURE reads every
 * account (the treasurer sends statements); only officers pay online. Pure, tested as a table.
 */
import { hasHabilitation, type Caller } from '../../../lib/authorize';
import type { May } from '../../../lib/policy';

export interface AccountContext {
  caller: Caller;
  /** The active entities where the caller is an officer today. */
  officerOf: ReadonlySet<number>;
}

export type AccountAction = 'READ_ACCOUNT' | 'PAY_ONLINE';

const isOfficer = ({ caller, officerOf }: AccountContext, entityId: number) =>
  hasHabilitation(caller, 'LOGE') && officerOf.has(entityId);

export const mayAccount: May<AccountContext, { entityId: number } | null, AccountAction> = (
  ctx,
  action,
  account,
) => {
  if (account === null) return false;
  if (action === 'PAY_ONLINE') return isOfficer(ctx, account.entityId);
  return isOfficer(ctx, account.entityId) || hasHabilitation(ctx.caller, 'COMPTA_LECTURE');
};
