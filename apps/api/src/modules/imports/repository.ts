/**
 * The queries of the member import and export. Creations are written in bulk (one statement per table
 * whatever the number of rows), so a 5,000-row import stays one short transaction.
 */
import { and, asc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Habilitation } from '@union/contract';
import type { Executor } from '../../db/client';
import { intArray, textArray } from '../../db/arrays';
import { emailOutbox, memberships, users, userTokens } from '../../db/schema';
import { membershipIsCurrent, membershipTermColumns } from '../entities/repository';
import type { NewEmail } from '../mail/repository';
import type { ExistingUser } from './plan';
import { frenchOrder } from '../../db/french-order';

// Bulk inserts pass one array per column and `unnest` them: one parameter per column instead of one
// per value, which is about eight times faster than multi-row VALUES for thousands of rows.

/** The rows of `db.execute`, whichever driver answered (node-postgres and PGlite both use `rows`). */
const resultRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type NewUserRow = typeof users.$inferInsert;

export const importsRepository = {
  /**
   * The accounts of these (lower-case) addresses, each with its current membership in the entity, or
   * else the start of its next one: the plan weighs every membership that is not over, so that the
   * import never gives anyone a second membership overlapping a later one.
   */
  async findByEmails(
    db: Executor,
    emails: string[],
    entityId: number,
    today: string,
  ): Promise<Map<string, ExistingUser>> {
    const found = new Map<string, ExistingUser>();
    {
      const rows = await db
        .select({
          id: users.id,
          identifiant: users.identifiant,
          nom: users.nom,
          prenom: users.prenom,
          email: users.email,
          telephone: users.telephone,
          etat: users.etat,
        })
        .from(users)
        .where(sql`lower(${users.email}) = ANY(${textArray(emails)})`);
      for (const row of rows)
        found.set(row.email.toLowerCase(), { ...row, membership: null, upcoming: null });
    }
    if (found.size === 0) return found;
    const byUserId = new Map([...found.values()].map((u) => [u.id, u]));
    const notOver = await db
      .select({
        id: memberships.id,
        userId: memberships.userId,
        fonction: memberships.fonction,
        debut: memberships.debut,
      })
      .from(memberships)
      .where(
        and(
          eq(memberships.entityId, entityId),
          sql`${memberships.userId} = ANY(${intArray([...byUserId.keys()])})`,
          or(isNull(memberships.fin), gte(memberships.fin, today)),
        ),
      )
      .orderBy(asc(memberships.debut), asc(memberships.id));
    for (const m of notOver) {
      const user = byUserId.get(m.userId)!;
      if (m.debut === null || m.debut <= today) user.membership ??= { id: m.id, fonction: m.fonction };
      else user.upcoming ??= m.debut;
    }
    return found;
  },

  /** Lower-case identifiants already taken among `base`, `base2`, `base3`… for each base given. */
  async takenIdentifiants(db: Executor, bases: string[]): Promise<Set<string>> {
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

  /**
   * Inserts the new accounts, all with the same habilitations; returns each one's id by lower-case
   * e-mail (the order of RETURNING is not guaranteed).
   */
  async insertUsers(
    db: Executor,
    rows: { identifiant: string; nom: string; prenom: string; email: string; telephone: string | null }[],
    habilitations: Habilitation[],
  ): Promise<Map<string, number>> {
    if (rows.length === 0) return new Map();
    const inserted = await db.execute(sql`
      INSERT INTO ${users} (identifiant, nom, prenom, email, telephone, habilitations)
      SELECT n.identifiant, n.nom, n.prenom, n.email, n.telephone, ${sql.param(habilitations)}::text[]
      FROM unnest(${textArray(rows.map((r) => r.identifiant))}, ${textArray(rows.map((r) => r.nom))},
        ${textArray(rows.map((r) => r.prenom))}, ${textArray(rows.map((r) => r.email))},
        ${textArray(rows.map((r) => r.telephone))}) AS n(identifiant, nom, prenom, email, telephone)
      RETURNING id, email`);
    return new Map(
      resultRows<{ id: number; email: string }>(inserted).map((r) => [r.email.toLowerCase(), Number(r.id)]),
    );
  },

  /** New memberships of one entity, all starting the same day; returns each one's id by user id. */
  async insertMemberships(
    db: Executor,
    entityId: number,
    debut: string,
    rows: { userId: number; fonction: string | null }[],
  ): Promise<Map<number, number>> {
    if (rows.length === 0) return new Map();
    const inserted = await db.execute(sql`
      INSERT INTO ${memberships} (user_id, entity_id, fonction, debut)
      SELECT n.user_id, ${entityId}, n.fonction, ${debut}::date
      FROM unnest(${intArray(rows.map((r) => r.userId))}, ${textArray(rows.map((r) => r.fonction))})
        AS n(user_id, fonction)
      RETURNING id, user_id`);
    return new Map(
      resultRows<{ id: number; user_id: number }>(inserted).map((r) => [Number(r.user_id), Number(r.id)]),
    );
  },

  /** Invitation links (only their hashes), all expiring at the same time. */
  async insertInvitations(
    db: Executor,
    expiresAt: Date,
    rows: { tokenHash: string; userId: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      INSERT INTO ${userTokens} (token_hash, user_id, purpose, expires_at)
      SELECT n.token_hash, n.user_id, 'invitation', ${expiresAt.toISOString()}::timestamptz
      FROM unnest(${textArray(rows.map((r) => r.tokenHash))}, ${intArray(rows.map((r) => r.userId))})
        AS n(token_hash, user_id)`);
  },

  /** Writes e-mails to the outbox (DECISIONS §7), in the caller's transaction. */
  async enqueueEmails(db: Executor, rows: NewEmail[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      INSERT INTO ${emailOutbox} (destinataire, sujet, texte)
      SELECT * FROM unnest(${textArray(rows.map((r) => r.destinataire))},
        ${textArray(rows.map((r) => r.sujet))}, ${textArray(rows.map((r) => r.texte))})`);
  },

  /** Changes names and telephones of existing accounts; a null value leaves the field as it is. */
  async updateUsers(
    db: Executor,
    rows: { id: number; nom: string | null; prenom: string | null; telephone: string | null }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      UPDATE ${users} SET nom = coalesce(n.nom, users.nom), prenom = coalesce(n.prenom, users.prenom),
        telephone = coalesce(n.telephone, users.telephone), updated_at = now()
      FROM unnest(${intArray(rows.map((r) => r.id))}, ${textArray(rows.map((r) => r.nom))},
        ${textArray(rows.map((r) => r.prenom))}, ${textArray(rows.map((r) => r.telephone))})
        AS n(id, nom, prenom, telephone)
      WHERE users.id = n.id`);
  },

  /** Sets the fonction of existing memberships. */
  async updateFonctions(db: Executor, rows: { membershipId: number; fonction: string }[]): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`
      UPDATE ${memberships} SET fonction = n.fonction, updated_at = now()
      FROM unnest(${intArray(rows.map((r) => r.membershipId))}, ${textArray(rows.map((r) => r.fonction))})
        AS n(id, fonction)
      WHERE memberships.id = n.id`);
  },

  /**
   * The members of an entity for the Excel export, by name: current memberships, or every one.
   * Deleted accounts are left out: they are no longer anyone's members.
   */
  async listMembers(db: Executor, entityId: number, today: string, onlyCurrent: boolean) {
    return db
      .select({
        nom: users.nom,
        prenom: users.prenom,
        email: users.email,
        telephone: users.telephone,
        identifiant: users.identifiant,
        ...membershipTermColumns,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.entityId, entityId),
          sql`${users.etat} <> 'S'`,
          onlyCurrent ? membershipIsCurrent(today) : undefined,
        ),
      )
      .orderBy(...frenchOrder(users.nom), ...frenchOrder(users.prenom), asc(memberships.debut));
  },
};
