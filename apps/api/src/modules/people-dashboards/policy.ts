/**
 * Who reads the dashboards of issue 33: a lodge's, its officers only (LOGE and a current membership of
 * the active entity with `gestion` or `carteLoge`, the account's own rule of compta/accounts/policy.ts,
 * without the Union's treasurers: the members' cards are the lodge's business); the administration's,
 * the administrators (ADMIN). Pure, tested as a table (policy.test.ts).
 */
import { hasHabilitation, type Caller } from '../../lib/authorize';
import type { May } from '../../lib/policy';

export interface DashboardsContext {
  caller: Caller;
  /** The active entities where the caller is an officer today. */
  officerOf: ReadonlySet<number>;
}

export type DashboardAction = 'READ_LODGE' | 'READ_ADMIN';

export const may: May<DashboardsContext, { entityId: number } | null, DashboardAction> = (
  { caller, officerOf },
  action,
  lodge,
) => {
  if (action === 'READ_ADMIN') return hasHabilitation(caller, 'ADMIN');
  return lodge !== null && hasHabilitation(caller, 'LOGE') && officerOf.has(lodge.entityId);
};
