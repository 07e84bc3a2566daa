/**
 * The administration's dashboard's one read that joins several owners (issue 33): active accounts
 * (the users' `accountStates`), split between officers (the entities' `currentOfficers`) and the others,
 * counted with and without a second factor (the second factor's `secondFactorHolders`, passkeys
 * included). Every other figure is its owner's own query (sign-ins, outbox, backups, accounts, cards).
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { currentOfficers } from '../entities/current-members-repository';
import { secondFactorHolders } from '../second-factor/repository';
import { accountStates } from '../users/identities';

export const dashboardsRepository = {
  async secondFactorsByGroup(db: Executor, today: string) {
    const account = accountStates(db);
    const holds = sql`${account.id} IN (${secondFactorHolders(db)})`;
    const groupe = sql<'officiers' | 'autres'>`CASE WHEN ${account.id} IN (${currentOfficers(db, today)})
      THEN 'officiers' ELSE 'autres' END`;
    return db
      .select({
        groupe,
        avec: sql<number>`(count(*) FILTER (WHERE ${holds}))::int`,
        sans: sql<number>`(count(*) FILTER (WHERE NOT ${holds}))::int`,
      })
      .from(account)
      .where(eq(account.etat, 'A'))
      .groupBy(sql`1`);
  },
};
