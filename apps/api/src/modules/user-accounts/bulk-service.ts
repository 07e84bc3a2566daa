/**
 * What the administrators do to the accounts selected in the list (issue 33): export them to Excel, and
 * add or remove habilitations on all of them at once. The bulk edit applies the rules of one account's
 * edit (PUT /api/user) to each, in one transaction: one account refused refuses them all, with a 412
 * naming who and why.
 */
import type { Habilitation, UserBulkHabilitationsSchema, UserBulkResult } from '@union/contract';
import type { z } from 'zod';
import { authorize } from '../../lib/authorize';
import { inTransaction, type RequestContext } from '../../lib/context';
import { refused } from '../../lib/errors';
import { decide } from '../../lib/policy';
import { audit } from '../audit/audit';
import { townsOf } from '../entities/current-members-repository';
import { accountRepository, type UserRow } from '../users/account-repository';
import { userMachine } from '../users/machine';
import { may, usersPolicyContext } from '../users/policy';
import { usersWorkbook } from './excel';

type BulkHabilitations = z.output<typeof UserBulkHabilitationsSchema>;

const who = (u: UserRow) => `${u.prenom} ${u.nom} (${u.identifiant})`;

/** Why this account may not have its habilitations changed so, or null. */
function refusalOf(u: UserRow, callerId: number, next: Habilitation[]): string | null {
  if (u.anonymizedAt) return `${who(u)} : ce compte a été anonymisé, il ne peut plus être modifié.`;
  if (u.id === callerId && !next.includes('ADMIN'))
    return `${who(u)} : vous ne pouvez pas retirer l'habilitation Administration de votre propre compte.`;
  return null;
}

export const usersBulkService = {
  /** The selected accounts, by name, as a workbook (the list's columns, the habilitations spelled out). */
  async selectionExcel(ctx: RequestContext, ids: number[]): Promise<Buffer> {
    authorize(may(usersPolicyContext(ctx), 'ADMINISTER', null));
    const rows = await accountRepository.byIdsByName(ctx.db, [...new Set(ids)]);
    if (rows.length < new Set(ids).size)
      throw refused(
        'selection_changed',
        "Un des utilisateurs sélectionnés n'existe plus : rechargez la liste.",
      );
    const towns = await townsOf(
      ctx.db,
      rows.map((row) => row.id),
      ctx.clock.today(),
    );
    return usersWorkbook(rows.map((row) => ({ ...row, villes: towns.get(row.id) ?? null })));
  },

  /** PUT /api/user/habilitations: every selected account gains `ajouter` and loses `retirer`, or none does. */
  async habilitations(ctx: RequestContext, input: BulkHabilitations): Promise<UserBulkResult> {
    const policy = usersPolicyContext(ctx);
    authorize(may(policy, 'ADMINISTER', null));
    const ids = [...new Set(input.ids)];
    return inTransaction(ctx, async (tx) => {
      const rows = await accountRepository.lockByIds(tx.db, ids);
      if (rows.length < ids.length)
        throw refused(
          'selection_changed',
          "Un des utilisateurs sélectionnés n'existe plus : rechargez la liste.",
        );
      const changes = rows.map((u) => {
        const next = [
          ...u.habilitations.filter((h) => !input.retirer.includes(h)),
          ...input.ajouter.filter((h) => !u.habilitations.includes(h)),
        ];
        return { u, next };
      });
      // Every refusal first, each named: the administrator fixes the selection once, not one by one.
      const refusals = changes.map(({ u, next }) => refusalOf(u, policy.caller.id, next)).filter(Boolean);
      if (refusals.length)
        throw refused(
          'selection_refused',
          `Aucune habilitation n'a été changée. ${refusals.slice(0, 3).join(' ')}${refusals.length > 3 ? ` Et ${refusals.length - 3} autre(s) compte(s) refusé(s).` : ''}`,
          refusals as string[],
        );
      let modifies = 0;
      for (const { u, next } of changes) {
        const ajoutees = next.filter((h) => !u.habilitations.includes(h));
        const retirees = u.habilitations.filter((h) => !next.includes(h));
        if (!ajoutees.length && !retirees.length) continue;
        decide(userMachine, u.etat, 'EDIT', may(policy, 'EDIT', u));
        await accountRepository.update(tx.db, u.id, { habilitations: next }, tx.clock.now());
        await audit.record(tx, {
          action: 'user_habilitations_changed',
          recordType: 'user',
          recordId: u.id,
          details: { ajoutees, retirees, enMasse: true },
        });
        modifies++;
      }
      return { modifies };
    });
  },
};
