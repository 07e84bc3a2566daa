/** Accounts by the batch, whatever their number, in one statement each (the member import). */
import type { Habilitation } from '@union/contract';
import { sql } from 'drizzle-orm';
import { intArray, returnedRows, textArray } from '../../db/arrays';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { identityColumns } from './identities';

/** What a batch of new accounts gives per account (the member import). */
export interface NewAccount {
  identifiant: string;
  nom: string;
  prenom: string;
  email: string;
  telephone: string | null;
}

export const accountBatchRepository = {
  /**
   * Lower-case identifiants already taken among `base`, `base2`, `base3`… for each base given, in one
   * query for a whole batch (the member import).
   */
  async takenIdentifiantsOfBases(db: Executor, bases: string[]): Promise<Set<string>> {
    const wanted = textArray([...new Set(bases)]);
    const rows = await db
      .select({ identifiant: sql<string>`lower(${users.identifiant})` })
      .from(users)
      .where(
        sql`lower(${users.identifiant}) = ANY(${wanted})
          OR regexp_replace(lower(${users.identifiant}), '[0-9]+$', '') = ANY(${wanted})`,
      );
    return new Set(rows.map((r) => r.identifiant));
  },

  /** The identities of the accounts of these (lower-case) addresses, in one query (the member import). */
  async identitiesByEmails(db: Executor, emails: string[]) {
    return db
      .select(identityColumns)
      .from(users)
      .where(sql`lower(${users.email}) = ANY(${textArray(emails)})`);
  },

  /**
   * Inserts new accounts in one statement whatever their number, all with the same habilitations,
   * created `at` (the service's `ctx.clock.now()`); returns each one's id by lower-case e-mail (the
   * order of RETURNING is not guaranteed).
   */
  async insertMany(
    db: Executor,
    accounts: NewAccount[],
    habilitations: Habilitation[],
    at: Date,
  ): Promise<Map<string, number>> {
    if (accounts.length === 0) return new Map();
    const inserted = await db.execute(sql`
      INSERT INTO ${users} (identifiant, nom, prenom, email, telephone, habilitations, created_at, updated_at)
      SELECT n.identifiant, n.nom, n.prenom, n.email, n.telephone, ${sql.param(habilitations)}::text[],
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      FROM unnest(${textArray(accounts.map((a) => a.identifiant))}, ${textArray(accounts.map((a) => a.nom))},
        ${textArray(accounts.map((a) => a.prenom))}, ${textArray(accounts.map((a) => a.email))},
        ${textArray(accounts.map((a) => a.telephone))}) AS n(identifiant, nom, prenom, email, telephone)
      RETURNING id, email`);
    return new Map(
      returnedRows<{ id: number; email: string }>(inserted).map((r) => [r.email.toLowerCase(), Number(r.id)]),
    );
  },

  /**
   * Changes names and telephones of several accounts in one statement, stamped `at`; a null value
   * leaves the field as it is.
   */
  async updateIdentities(
    db: Executor,
    changes: { id: number; nom: string | null; prenom: string | null; telephone: string | null }[],
    at: Date,
  ): Promise<void> {
    if (changes.length === 0) return;
    await db.execute(sql`
      UPDATE ${users} SET nom = coalesce(n.nom, users.nom), prenom = coalesce(n.prenom, users.prenom),
        telephone = coalesce(n.telephone, users.telephone), updated_at = ${at.toISOString()}::timestamptz
      FROM unnest(${intArray(changes.map((c) => c.id))}, ${textArray(changes.map((c) => c.nom))},
        ${textArray(changes.map((c) => c.prenom))}, ${textArray(changes.map((c) => c.telephone))})
        AS n(id, nom, prenom, telephone)
      WHERE users.id = n.id`);
  },
};
