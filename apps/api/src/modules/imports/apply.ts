/**
 * The real run of a member import: writes its checked plan inside the import's transaction, every step
 * in a constant number of statements whatever the number of rows (DECISIONS §7).
 */
import { PROFILES } from '@union/contract';
import type { Executor } from '../../db/client';
import type { TxContext } from '../../lib/context';
import { violates } from '../../lib/constraints';
import { audit } from '../audit/audit';
import { membershipRepository } from '../entities/membership-repository';
import { sendInvitations } from '../invitations/service';
import { USER_UNIQUE } from '../users/account-repository';
import { accountBatchRepository } from '../users/account-batch-repository';
import { assignIdentifiants, baseIdentifiant } from '../users/identifiants';
import type { PlannedRow } from './plan';

/** How many times the new accounts are written before giving up (see `insertNewUsers`). */
const INSERT_ATTEMPTS = 20;

/**
 * Inserts the new accounts under the identifiants the plan assigned. A homonym created meanwhile by
 * another request (an administrator, a lodge manager, another import) may have taken one of them:
 * the unique index refuses the batch, the savepoint undoes it, and the identifiants are assigned again
 * from what is now taken (`identifiants` is updated, so the report and the e-mails give the names
 * actually written). An e-mail taken meanwhile is a real conflict and still refuses the import.
 */
async function insertNewUsers(
  tx: Executor,
  creations: PlannedRow[],
  identifiants: Map<PlannedRow, string>,
  at: Date,
): Promise<Map<string, number>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((savepoint) =>
        accountBatchRepository.insertMany(
          savepoint,
          creations.map((p) => ({
            identifiant: identifiants.get(p)!,
            nom: p.values.nom,
            prenom: p.values.prenom,
            email: p.values.email,
            telephone: p.values.telephone || null,
          })),
          [...PROFILES.Membre],
          at,
        ),
      );
    } catch (error) {
      if (!violates(error, USER_UNIQUE.identifiant) || attempt >= INSERT_ATTEMPTS) throw error;
      const taken = await accountBatchRepository.takenIdentifiantsOfBases(
        tx,
        creations.map((p) => baseIdentifiant(p.values.prenom, p.values.nom)),
      );
      const assigned = assignIdentifiants(
        creations.map((p) => p.values),
        taken,
      );
      creations.forEach((p, i) => identifiants.set(p, assigned[i]!));
    }
  }
}

/** What an import's history entries say of their origin: `entiteId` is a key the history screens summarise. */
type Source = { import: true; entiteId: number; fichier: string };

/** The new accounts, each logged as created; returns how to find a created row's account id. */
async function createAccounts(
  ctx: TxContext,
  creations: PlannedRow[],
  identifiants: Map<PlannedRow, string>,
  source: Source,
): Promise<(p: PlannedRow) => number> {
  const userIds = await insertNewUsers(ctx.db, creations, identifiants, ctx.clock.now());
  const idOf = (p: PlannedRow) => userIds.get(p.values.email)!;
  await audit.recordMany(
    ctx,
    creations.map((p) => ({
      action: 'user_created',
      recordType: 'user',
      recordId: idOf(p),
      details: { ...source, identifiant: identifiants.get(p)!, habilitations: PROFILES.Membre },
    })),
  );
  return idOf;
}

/** The changed names and telephones of existing accounts, each logged with the names of its changed fields. */
async function updateIdentities(ctx: TxContext, updates: PlannedRow[], source: Source): Promise<void> {
  const changed = updates.filter((p) => Object.keys(p.userChanges).length > 0);
  await accountBatchRepository.updateIdentities(
    ctx.db,
    changed.map((p) => ({
      id: p.existing!.id,
      nom: p.userChanges.nom ?? null,
      prenom: p.userChanges.prenom ?? null,
      telephone: p.userChanges.telephone ?? null,
    })),
    ctx.clock.now(),
  );
  await audit.recordMany(
    ctx,
    changed.map((p) => ({
      action: 'user_updated',
      recordType: 'user',
      recordId: p.existing!.id,
      details: { ...source, champs: Object.keys(p.userChanges) },
    })),
  );
}

/**
 * The memberships joined (every new account, and the existing accounts not yet members) and the
 * functions changed. A membership change is written to both the user's and the entity's history, as the
 * membership calls do. Only the names of changed fields are kept, never the old values: the history
 * must not keep a person's former identity (GDPR).
 */
async function writeMemberships(
  ctx: TxContext,
  input: { entityId: number; today: string; creations: PlannedRow[]; updates: PlannedRow[]; source: Source },
  idOf: (p: PlannedRow) => number,
): Promise<void> {
  const { entityId, updates, source } = input;
  const now = ctx.clock.now();
  const joining = [...input.creations, ...updates.filter((p) => p.membershipChange === 'add')].map((p) => ({
    userId: p.existing?.id ?? idOf(p),
    fonction: p.values.fonction || null,
  }));
  const membershipIds = await membershipRepository.insertMemberships(
    ctx.db,
    entityId,
    input.today,
    joining,
    now,
  );
  const refonctions = updates
    .filter((p) => p.membershipChange === 'fonction')
    .map((p) => ({
      userId: p.existing!.id,
      membershipId: p.existing!.membership!.id,
      fonction: p.values.fonction,
    }));
  await membershipRepository.setFonctions(ctx.db, refonctions, now);

  const entries = (
    action: string,
    rows: { userId: number; membershipId: number; details: Record<string, unknown> }[],
  ) =>
    rows.flatMap((r) => [
      {
        action,
        recordType: 'user',
        recordId: r.userId,
        details: { ...source, appartenanceId: r.membershipId, ...r.details },
      },
      {
        action,
        recordType: 'entity',
        recordId: entityId,
        details: {
          import: true,
          fichier: source.fichier,
          userId: r.userId,
          appartenanceId: r.membershipId,
          ...r.details,
        },
      },
    ]);
  await audit.recordMany(ctx, [
    ...entries(
      'membership_added',
      joining.map((j) => ({
        userId: j.userId,
        membershipId: membershipIds.get(j.userId)!,
        details: j.fonction ? { fonction: j.fonction } : {},
      })),
    ),
    ...entries(
      'membership_updated',
      refonctions.map((r) => ({ ...r, details: { champs: ['fonction'] } })),
    ),
  ]);
}

/**
 * Writes the plan, each step in a constant number of statements whatever the number of rows: the new
 * accounts, their invitations (a link valid 7 days to choose a first password), the identity updates,
 * the memberships, then one entry summing the import up on the entity.
 */
export async function applyPlan(
  ctx: TxContext,
  input: {
    entity: { id: number; nom: string };
    fileName: string;
    planned: PlannedRow[];
    identifiants: Map<PlannedRow, string>;
    today: string;
  },
) {
  const { entity, planned, identifiants } = input;
  const creations = planned.filter((p) => p.action === 'creation');
  const updates = planned.filter((p) => p.action === 'mise_a_jour');
  const source: Source = { import: true, entiteId: entity.id, fichier: input.fileName };

  const idOf = await createAccounts(ctx, creations, identifiants, source);
  await sendInvitations(
    ctx,
    creations.map((p) => ({
      id: idOf(p),
      email: p.values.email,
      prenom: p.values.prenom,
      identifiant: identifiants.get(p)!,
    })),
    source,
  );
  await updateIdentities(ctx, updates, source);
  await writeMemberships(ctx, { entityId: entity.id, today: input.today, creations, updates, source }, idOf);
  await audit.record(ctx, {
    action: 'members_imported',
    recordType: 'entity',
    recordId: entity.id,
    details: {
      fichier: input.fileName,
      creations: creations.length,
      misesAJour: updates.length,
      rejets: planned.filter((p) => p.action === 'rejet').length,
    },
  });
}
