/**
 * Who may import into or export the members of an entity: the same rule as the entity memberships
 * (`entities/policy.ts`), over the same context. Administrators (ADMIN) on any entity; lodge managers
 * (LOGE) only on the entities where they hold a current membership with `gestion` (DECISIONS §1). The
 * screen never decides this: the server does.
 */
import { hasHabilitation } from '../../lib/authorize';
import type { May } from '../../lib/policy';
import { may as mayOnEntity, type EntitiesPolicyContext, type EntityFacts } from '../entities/policy';

export type ImportsPolicyContext = EntitiesPolicyContext;

/**
 * IMPORT and EXPORT act on one entity's members. EDIT_IDENTITY (on no record): whether an import may
 * change the name and telephone of an account that already exists. A lodge manager may not: the account
 * may belong to members of other lodges too.
 */
export type ImportAction = 'IMPORT' | 'EXPORT' | 'EDIT_IDENTITY';

export const may: May<ImportsPolicyContext, EntityFacts | null, ImportAction> = (ctx, action, entity) => {
  switch (action) {
    case 'IMPORT':
    case 'EXPORT':
      return mayOnEntity(ctx, 'MEMBERS', entity);
    case 'EDIT_IDENTITY':
      return hasHabilitation(ctx.caller, 'ADMIN');
  }
};
