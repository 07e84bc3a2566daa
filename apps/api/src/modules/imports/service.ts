/**
 * Member import and export of an entity. The import is called twice with the same file: a dry run
 * that writes nothing and says what each row would do, then the real run that applies the same plan in
 * one transaction (every row or none) and sends the invitations of the created accounts.
 */
import type { ImportReport } from '@union/contract';
import type { Database, Executor } from '../../db/client';
import { authorize } from '../../lib/authorize';
import { inTransaction, type RequestContext } from '../../lib/context';
import { guardConstraint, type Refusal } from '../../lib/constraints';
import { invalid, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { XLSX_MIME } from '../../lib/excel';
import { membersWorkbook } from './excel';
import { parseUntrusted } from './untrusted';
import { assignIdentifiants, baseIdentifiant } from '../users/identifiants';
import { checkRow, planRows, type ExistingUser } from './plan';
import { may } from './policy';
import { presentReport } from './presenter';
import { loadEntitiesPolicyContext } from '../entities/entities-service';
import { entityMachine } from '../entities/machine';
import { entityRepository } from '../entities/entity-repository';
import {
  membershipRepository,
  MEMBERSHIP_NO_OVERLAP,
  overlappingUserId,
} from '../entities/membership-repository';
import { USER_UNIQUE, accountRepository } from '../users/account-repository';
import { accountBatchRepository } from '../users/account-batch-repository';
import { applyPlan } from './apply';
import { importSlots } from './slots';

export interface UploadedFile {
  nom: string;
  bytes: Uint8Array;
}

/** Loads the entity after checking the caller may import or export its members (403 first, then 404). */
async function authorizedEntity(
  ctx: RequestContext<Executor>,
  action: 'IMPORT' | 'EXPORT',
  entityId: number,
) {
  const policy = await loadEntitiesPolicyContext(ctx);
  authorize(may(policy, action, { id: entityId }));
  const entity = await entityRepository.find(ctx.db, entityId);
  if (!entity) throw notFound("Cette entité n'existe pas.");
  return { policy, entity };
}

/**
 * The accounts of these (lower-case) addresses, each with its current membership in the entity, or
 * else the start of its next one: the plan weighs every membership that is not over, so that the
 * import never gives anyone a second membership overlapping a later one. Two queries whatever the
 * number of addresses: the accounts, then their memberships.
 */
async function existingAccounts(
  db: Executor,
  emails: string[],
  entityId: number,
  today: string,
): Promise<Map<string, ExistingUser>> {
  const found = new Map<string, ExistingUser>();
  for (const row of await accountBatchRepository.identitiesByEmails(db, emails))
    found.set(row.email.toLowerCase(), { ...row, membership: null, upcoming: null });
  if (found.size === 0) return found;
  const byUserId = new Map([...found.values()].map((u) => [u.id, u]));
  const notOver = await membershipRepository.notOverMembershipsIn(db, entityId, [...byUserId.keys()], today);
  // Earliest first: the first one begun is the current one, the first one to come is the next.
  for (const m of notOver) {
    const user = byUserId.get(m.userId)!;
    if (m.debut === null || m.debut <= today) user.membership ??= { id: m.id, fonction: m.fonction };
    else user.upcoming ??= m.debut;
  }
  return found;
}

/** The file's rows met accounts written meanwhile by another request (same address or identifiant). */
const ACCOUNTS_CHANGED = {
  code: 'import_conflict',
  message:
    "Des comptes ont été créés ou modifiés pendant l'import (même adresse e-mail ou même identifiant). " +
    "Rien n'a été importé : relancez l'aperçu puis l'import.",
} satisfies Refusal;

/**
 * The database's refusals of an import, whose transaction is then rolled back whole: accounts written
 * meanwhile, or someone added to the entity by another request (the exclusion constraint of migration
 * 0007 refused the second overlapping membership), named after the refused transaction.
 */
function importRefusals(db: Database, entityId: number): Record<string, Refusal> {
  return {
    [USER_UNIQUE.identifiant]: ACCOUNTS_CHANGED,
    [USER_UNIQUE.email]: ACCOUNTS_CHANGED,
    [MEMBERSHIP_NO_OVERLAP]: {
      code: 'import_conflict',
      message: async (violation) => {
        const userId = overlappingUserId(violation);
        const user = userId === undefined ? undefined : await accountRepository.findById(db, userId);
        const entity = await entityRepository.find(db, entityId);
        const who = user ? `${user.prenom} ${user.nom}` : "l'une des personnes du fichier";
        return (
          `Une autre demande vient d'ajouter ${who} à « ${entity?.nom ?? 'cette entité'} ». ` +
          "Rien n'a été importé : relancez l'aperçu puis l'import."
        );
      },
    },
  };
}

interface ImportInput {
  idEntite: number;
  dryRun: boolean;
  readFile: () => Promise<UploadedFile>;
}

/** The import itself, once the caller holds an import slot. */
async function importWithSlot(ctx: RequestContext, input: ImportInput, today: string): Promise<ImportReport> {
  const file = await input.readFile();
  // Parsing is CPU work on a file anyone may craft: done off the main thread (lib/untrusted), before
  // the transaction, so neither the other requests nor the database wait on it.
  const parsed = await parseUntrusted(file.bytes);
  const checked = parsed.rows.map(checkRow);

  return guardConstraint(
    () =>
      inTransaction(ctx, async (tx) => {
        const { policy, entity } = await authorizedEntity(tx, 'IMPORT', input.idEntite);
        if (!entityMachine.can(entity.etat, 'ADD_MEMBER')) {
          throw invalid(`L'entité « ${entity.nom} » est supprimée : on ne peut plus y importer de membres.`);
        }
        const emails = [
          ...new Set(checked.filter((r) => r.problems.length === 0).map((r) => r.values.email)),
        ];
        const existing = await existingAccounts(tx.db, emails, entity.id, today);
        const planned = planRows(checked, existing, may(policy, 'EDIT_IDENTITY', null));

        const creations = planned.filter((p) => p.action === 'creation');
        const taken = await accountBatchRepository.takenIdentifiantsOfBases(
          tx.db,
          creations.map((p) => baseIdentifiant(p.values.prenom, p.values.nom)),
        );
        const assigned = assignIdentifiants(
          creations.map((p) => p.values),
          taken,
        );
        const identifiants = new Map(creations.map((p, i) => [p, assigned[i]!]));

        if (!input.dryRun) {
          await applyPlan(tx, { entity, fileName: file.nom, planned, identifiants, today });
        }
        return presentReport({
          dryRun: input.dryRun,
          entity,
          fileName: file.nom,
          parsed,
          planned,
          identifiants,
        });
      }),
    importRefusals(ctx.db, input.idEntite),
  );
}

export const importsService = {
  /**
   * Imports a members file into an entity, or with `dryRun` only says what it would do.
   * The caller is checked before the file is read; the file is read and checked before any write.
   */
  async importMembers(ctx: RequestContext, input: ImportInput): Promise<ImportReport> {
    const today = ctx.clock.today();
    await authorizedEntity(ctx, 'IMPORT', input.idEntite);
    // Held until the import is over, whatever its outcome (the finally below).
    const release = importSlots.take(ctx.caller.id);
    try {
      return await importWithSlot(ctx, input, today);
    } finally {
      release();
    }
  },

  /** The members of an entity as an .xlsx file; the export is logged on the entity. */
  async exportMembers(
    ctx: RequestContext,
    input: { idEntite: number; onlyCurrent: boolean },
  ): Promise<{ fileName: string; mime: string; content: Buffer }> {
    const today = ctx.clock.today();
    const { entity } = await authorizedEntity(ctx, 'EXPORT', input.idEntite);
    const members = await membershipRepository.membersForExport(ctx.db, entity.id, today, input.onlyCurrent);
    await audit.record(ctx, {
      action: 'members_exported',
      recordType: 'entity',
      recordId: entity.id,
      details: { membres: members.length, perimetre: input.onlyCurrent ? 'actifs' : 'tous' },
    });
    const safeCode = entity.code.replace(/[^A-Za-z0-9-]/g, '-');
    return {
      fileName: `membres-${safeCode}-${today}.xlsx`,
      mime: XLSX_MIME,
      content: await membersWorkbook(entity.nom, members),
    };
  },
};
