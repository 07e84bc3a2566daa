/**
 * Passkeys (WebAuthn, issue 22) with `@simplewebauthn/server`: one's own (several, named, removable),
 * added after the current password (asked again under the sign-in's limits); the sign-in with one is
 * sign-in.ts, what the ceremonies share ceremony.ts. docs/decisions/auth-and-sessions.md.
 */
import { createHash } from 'node:crypto';
import type { PasskeyAdded, PasskeyRow } from '@union/contract';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type RequestContext, type TxContext } from '../../lib/context';
import { invalid, notFound } from '../../lib/errors';
import { audit } from '../audit/audit';
import { proveCurrentPassword } from '../sign-in-attempts/attempts';
import { accountRepository, type UserRow } from '../users/account-repository';
import {
  RP_NAME,
  WEBAUTHN_CHALLENGE_TTL_MS,
  challengeHash,
  newChallenge,
  relyingParty,
  signedChallenge,
  type Log,
} from './ceremony';
import { passkeysRepository as repo, type PasskeyRowDb } from './repository';
import { passkeySignIn } from './sign-in';

export {
  ANONYMOUS_CHALLENGES_IN_ALL,
  ANONYMOUS_CHALLENGES_PER_ADDRESS,
  WEBAUTHN_CHALLENGE_TTL_MS,
  asJson,
  relyingParty,
} from './ceremony';

/**
 * What adding a factor brings besides it: the first factor of an account comes with recovery codes. The
 * second factor's module sits above this one (it counts passkeys), so it hands its rule over at
 * composition (app.ts) instead of being imported here.
 */
type FactorAdded = (tx: TxContext) => Promise<string[] | undefined>;
let factorAdded: FactorAdded = () => Promise.resolve(undefined);
export function whenAFactorIsAdded(rule: FactorAdded): void {
  factorAdded = rule;
}

/** A stable, opaque user handle for the account (no personal data, as WebAuthn asks). */
const userHandle = (userId: number) =>
  new Uint8Array(createHash('sha256').update(`union-user:${userId}`).digest().subarray(0, 16));

const present = (row: PasskeyRowDb): PasskeyRow => ({
  id: row.id,
  nom: row.name,
  creation: row.createdAt.toISOString(),
  derniereUtilisation: row.lastUsedAt?.toISOString() ?? null,
});

const NAME_REFUSALS = {
  passkeys_name_per_user: {
    code: 'passkey_name_taken' as const,
    message: 'Vous avez déjà une clé d’accès de ce nom : choisissez-en un autre.',
  },
  passkeys_credential_id_unique: {
    code: 'passkey_already_registered' as const,
    message: 'Cette clé d’accès est déjà enregistrée.',
  },
};

export const passkeysService = {
  /** GET /api/user/cles-acces. */
  async list(ctx: RequestContext): Promise<PasskeyRow[]> {
    return (await repo.listOf(ctx.db, ctx.caller.id)).map(present);
  },

  /**
   * POST /api/user/cles-acces/options: adding a factor asks the current password again (ASVS V6: a
   * session alone does not add one), checked under the sign-in's limits; then the options of a
   * discoverable credential, excluding the ones the person already has.
   */
  async registrationOptions(
    ctx: RequestContext,
    password: string,
    ip: string,
    log: Log,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const user = await caller(ctx);
    await proveCurrentPassword(ctx.db, ctx.clock.now(), user, password, ip, log);
    const now = ctx.clock.now();
    const challenge = await newChallenge(ctx.db, 'register', user.id, now);
    const existing = await repo.listOf(ctx.db, user.id);
    const { rpID } = relyingParty(ctx.publicUrl);
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.identifiant,
      userDisplayName: `${user.prenom} ${user.nom}`,
      userID: userHandle(user.id),
      challenge,
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransport[],
      })),
      // Resident: the passkey can then sign in without an identifiant.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: [-7, -257],
    });
  },

  /** POST /api/user/cles-acces: the registration's response, verified; the passkey, named. */
  async register(
    ctx: RequestContext,
    name: string,
    response: RegistrationResponseJSON,
  ): Promise<PasskeyAdded> {
    const { rpID, origin } = relyingParty(ctx.publicUrl);
    const challenge = signedChallenge(response.response.clientDataJSON);
    return guardConstraint(
      () =>
        inTransaction(ctx, async (tx) => {
          const now = tx.clock.now();
          // Spent with the passkey's insert: a refused name leaves the ceremony usable for another.
          if (
            !(await repo.consumeChallenge(tx.db, challengeHash(challenge), 'register', tx.caller.id, now))
          ) {
            throw invalid('Cet ajout a expiré : recommencez depuis « Ajouter une clé d’accès ».');
          }
          let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
          try {
            verification = await verifyRegistrationResponse({
              response,
              expectedChallenge: challenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: false,
              supportedAlgorithmIDs: [-7, -257],
            });
          } catch {
            throw invalid('La clé d’accès n’a pas pu être vérifiée : recommencez.');
          }
          if (!verification.verified) throw invalid('La clé d’accès n’a pas pu être vérifiée : recommencez.');
          const { credential } = verification.registrationInfo;
          const row = await repo.insert(tx.db, {
            userId: tx.caller.id,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name,
            createdAt: now,
          });
          await audit.record(tx, {
            action: 'passkey_added',
            recordType: 'user',
            recordId: tx.caller.id,
            details: { passkey: row.id, nom: name },
          });
          const codesSecours = await factorAdded(tx);
          return { ...present(row), ...(codesSecours ? { codesSecours } : {}) };
        }),
      NAME_REFUSALS,
    );
  },

  /** PATCH /api/user/cles-acces/{id}: one's own passkey only (404 otherwise). */
  async rename(ctx: RequestContext, id: number, name: string): Promise<PasskeyRow> {
    return guardConstraint(
      () =>
        inTransaction(ctx, async (tx) => {
          const row = await repo.rename(tx.db, tx.caller.id, id, name);
          if (!row) throw notFound('Cette clé d’accès n’existe pas.');
          await audit.record(tx, {
            action: 'passkey_renamed',
            recordType: 'user',
            recordId: tx.caller.id,
            details: { passkey: id, nom: name },
          });
          return present(row);
        }),
      NAME_REFUSALS,
    );
  },

  /**
   * DELETE /api/user/cles-acces/{id}: one's own passkey only (404 otherwise). Removing the last factor
   * of an account whose habilitations require one is allowed, as for the authenticator: the grace
   * period is not restarted, so once it is over the next sign-in must enrol a factor first.
   */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const row = await repo.remove(tx.db, tx.caller.id, id);
      if (!row) throw notFound('Cette clé d’accès n’existe pas.');
      await audit.record(tx, {
        action: 'passkey_removed',
        recordType: 'user',
        recordId: tx.caller.id,
        details: { passkey: id, nom: row.name },
      });
    });
  },

  ...passkeySignIn,
};

async function caller(ctx: RequestContext): Promise<UserRow> {
  const user = await accountRepository.findById(ctx.db, ctx.caller.id);
  if (!user) throw notFound();
  return user;
}
