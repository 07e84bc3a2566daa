/**
 * Creating accounts and inviting their owners: the account is created active without a password, and an
 * e-mailed link (7 days) lets its owner choose one. The administration and the entity pages (a new
 * member) create accounts through `createUser`, inside their own transaction; the member import writes
 * its accounts in bulk with the same identifiants (users/identifiants.ts) and invites them all at once
 * with `sendInvitations`.
 */
import type { Habilitation } from '@union/contract';
import type { Executor } from '../../db/client';
import { guardConstraint, refusalOf, violates } from '../../lib/constraints';
import type { RequestContext } from '../../lib/context';
import { newToken, tokenHash } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { authRepository } from '../auth/repository';
import { INVITATION_LINK_TTL_MS } from '../auth/rules';
import { mailRepository } from '../mail/repository';
import { invitationEmail, passwordLink } from '../mail/templates';
import { assignIdentifiants, baseIdentifiant } from '../users/identifiants';
import { emailTaken, identifiantTaken, raceRefusals } from '../users/refusals';
import { USER_UNIQUE, accountRepository, type NewUser, type UserRow } from '../users/account-repository';

/** The request context on the database or inside a transaction: helpers run on either. */
type Ctx = RequestContext<Executor>;

export interface CreateUserInput {
  identifiant?: string;
  nom: string;
  prenom: string;
  email: string;
  telephone?: string | null;
  habilitations: readonly Habilitation[];
}

/**
 * How many derived identifiants one creation tries before giving up: one per homonym created at the
 * same instant, far more than a lodge ever creates at once.
 */
const DERIVE_ATTEMPTS = 50;

/**
 * Inserts a user under a free identifiant "prenom.nom", then "prenom.nom2", "prenom.nom3"… Reading the
 * free name and writing it are two statements: a concurrent creation of a homonym can take the same
 * name in between. The unique index on lower(identifiant) is the judge: each attempt runs in a
 * savepoint, and when the index refuses it (the other creation committed that name), the next suffix
 * is tried, so every homonym gets a distinct identifiant and none gets a 412.
 */
async function insertWithDerivedIdentifiant(
  tx: Executor,
  fields: Omit<NewUser, 'identifiant'>,
  prenom: string,
  nom: string,
  at: Date,
): Promise<UserRow> {
  const refused = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const taken = await accountRepository.takenIdentifiants(tx, baseIdentifiant(prenom, nom));
    for (const name of refused) taken.add(name);
    const identifiant = assignIdentifiants([{ prenom, nom }], taken)[0]!;
    try {
      return await tx.transaction((savepoint) =>
        accountRepository.insert(savepoint, { ...fields, identifiant }, at),
      );
    } catch (error) {
      if (!violates(error, USER_UNIQUE.identifiant) || attempt >= DERIVE_ATTEMPTS)
        throw await refusalOf(error, raceRefusals({ identifiant, email: fields.email }));
      refused.add(identifiant.toLowerCase());
    }
  }
}

/** An account to invite: its id, and what its invitation e-mail says. */
export type Invitee = Pick<UserRow, 'id' | 'email' | 'prenom' | 'identifiant'>;

/**
 * Writes an invitation link (7 days, DECISIONS §2) and its e-mail for each account, in the caller's
 * transaction, in three statements whatever their number: the member import invites all its new
 * accounts at once. `details` goes into each `invitation_sent` entry (the import names its file).
 */
export async function sendInvitations(
  tx: Ctx,
  invitees: readonly Invitee[],
  details?: Record<string, unknown>,
): Promise<void> {
  const now = tx.clock.now();
  const tokens = invitees.map(() => newToken());
  await authRepository.insertInvitations(
    tx.db,
    invitees.map((user, i) => ({ tokenHash: tokenHash(tokens[i]!), userId: user.id })),
    new Date(now.getTime() + INVITATION_LINK_TTL_MS),
    now,
  );
  await mailRepository.enqueueMany(
    tx.db,
    invitees.map((user, i) =>
      invitationEmail(user.email, user.prenom, user.identifiant, passwordLink(tx.publicUrl, tokens[i]!)),
    ),
    now,
  );
  await audit.recordMany(
    tx,
    invitees.map((user) => ({ action: 'invitation_sent', recordType: 'user', recordId: user.id, details })),
  );
}

/** Writes a new invitation link (7 days) and its e-mail for one account, in the caller's transaction. */
export async function sendInvitation(tx: Ctx, user: Invitee): Promise<void> {
  // Only the newest link works: an older one may sit in a mailbox that is no longer the user's.
  await authRepository.spendUserLinks(tx.db, user.id, tx.clock.now());
  await sendInvitations(tx, [user]);
}

/**
 * Creates an active user without a password and e-mails an invitation to choose one (valid 7 days),
 * all inside the caller's transaction (the administration, a new member of an entity). Refuses (412) a taken
 * identifiant or e-mail; derives "prenom.nom" when no identifiant is given.
 */
export async function createUser(tx: Ctx, input: CreateUserInput): Promise<UserRow> {
  const email = input.email.trim();
  if (await accountRepository.findByEmail(tx.db, email)) throw emailTaken(email);
  const fields = {
    nom: input.nom.trim(),
    prenom: input.prenom.trim(),
    email,
    telephone: input.telephone || null,
    habilitations: [...new Set(input.habilitations)],
    etat: 'A' as const,
  };
  const identifiant = input.identifiant?.trim();
  let user: UserRow;
  if (identifiant) {
    if (await accountRepository.findByIdentifiant(tx.db, identifiant)) throw identifiantTaken(identifiant);
    // A name chosen by the administrator is theirs to change: no other name is picked for them.
    user = await guardConstraint(
      () => accountRepository.insert(tx.db, { ...fields, identifiant }, tx.clock.now()),
      raceRefusals({ identifiant, email }),
    );
  } else {
    user = await insertWithDerivedIdentifiant(tx.db, fields, input.prenom, input.nom, tx.clock.now());
  }
  await audit.record(tx, {
    action: 'user_created',
    recordType: 'user',
    recordId: user.id,
    details: { identifiant: user.identifiant, habilitations: user.habilitations },
  });
  await sendInvitation(tx, user);
  return user;
}
