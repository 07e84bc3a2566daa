/**
 * Passkeys (WebAuthn, issue 22) with `@simplewebauthn/server`: one's own (several, named, removable),
 * added after the current password; the sign-in with one, as the second step of a password or alone
 * (`authService.passkeyGrant` opens the session). Every assertion is checked under the sign-in's limits
 * (attempts in `sign_in_attempts`, counted with passwords and codes). docs/decisions/auth-and-sessions.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PasskeyAdded, PasskeyRow } from '@union/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Executor } from '../../db/client';
import type { WebauthnPurpose } from '../../db/schema';
import { guardConstraint } from '../../lib/constraints';
import { inTransaction, type PublicContext, type RequestContext, type TxContext } from '../../lib/context';
import { invalid, notFound, refused } from '../../lib/errors';
import { verifyPassword } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { proveUnderLimits } from '../sign-in-attempts/attempts';
import { accountRepository, type UserRow } from '../users/account-repository';
import { passkeysRepository as repo, type PasskeyRowDb } from './repository';

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

/** How long a ceremony's challenge lives. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * Live anonymous challenges (a sign-in without an identifiant asks for one before anyone is known): at
 * most this many per address, and in all. A person needs one at a time; a whole office behind one
 * address, a few; the total is far above the Union's sign-ins in five minutes.
 */
export const ANONYMOUS_CHALLENGES_PER_ADDRESS = 50;
export const ANONYMOUS_CHALLENGES_IN_ALL = 1000;
const RP_NAME = "Intranet de l'Union";

type Log = { info: (o: object, msg: string) => void };

/** The relying party: its id is the public address's host name, its origin the address's origin. */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const challengeHash = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** The challenge a response signed, read from its clientDataJSON; '' when unreadable. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

/** A stable, opaque user handle for the account (no personal data, as WebAuthn asks). */
const userHandle = (userId: number) =>
  new Uint8Array(createHash('sha256').update(`union-user:${userId}`).digest().subarray(0, 16));

const REFUSED =
  'Cette clé d’accès n’a pas été acceptée. Réessayez, ou connectez-vous avec votre mot de passe.';

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

async function newChallenge(
  db: Executor,
  purpose: WebauthnPurpose,
  userId: number | null,
  now: Date,
  address?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  // Given as bytes: the library sends their base64url, which is what the browser signs back.
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = isoBase64URL.fromBuffer(bytes);
  await repo.insertChallenge(
    db,
    {
      challengeHash: challengeHash(challenge),
      userId,
      purpose,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
      ...(address === undefined ? {} : { address }),
    },
    now,
  );
  return bytes;
}

/** A passkey check (or the password asked again) under the sign-in limits (auth/attempts.ts). */
function underSignInLimits(
  ctx: PublicContext,
  who: { identifiant: string; ip: string },
  check: () => Promise<string | true>,
  log: Log,
): Promise<boolean> {
  return proveUnderLimits(
    ctx.db,
    ctx.clock.now(),
    who,
    { check, okOutcome: 'passkey_ok', errorOutcome: 'passkey_error', label: 'passkey attempt' },
    log,
  );
}

/**
 * Verifies an assertion for `passkey` against a challenge it must spend (one UPDATE: a replay finds it
 * spent), then moves the passkey's counter forward (one UPDATE: a lower or equal counter is refused).
 * Answers true, or the reason of the refusal (the attempt's outcome).
 */
async function verifyAssertion(
  ctx: PublicContext,
  passkey: PasskeyRowDb,
  response: AuthenticationResponseJSON,
  purpose: 'sign_in' | 'second_step',
): Promise<string | true> {
  const now = ctx.clock.now();
  const challenge = signedChallenge(response.response.clientDataJSON);
  const owner = purpose === 'sign_in' ? null : passkey.userId;
  if (!(await repo.consumeChallenge(ctx.db, challengeHash(challenge), purpose, owner, now))) {
    return 'passkey_challenge_unknown';
  }
  const { rpID, origin } = relyingParty(ctx.publicUrl);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      // Alone, the passkey stands for both factors: the authenticator must have verified the person.
      requireUserVerification: purpose === 'sign_in',
    });
  } catch {
    return 'passkey_refused';
  }
  if (!verification.verified) return 'passkey_refused';
  const counter = verification.authenticationInfo.newCounter;
  if (!(await repo.acceptCounter(ctx.db, passkey.id, counter, now))) return 'passkey_counter';
  return true;
}

/** The library's options, as the loose JSON object the contract describes (for a route's answer). */
export const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

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
    const ok = await underSignInLimits(
      ctx,
      { identifiant: user.identifiant, ip },
      async () => ((await verifyPassword(user.passwordHash, password)) ? true : 'bad_password'),
      log,
    );
    if (!ok) throw invalid('Le mot de passe actuel est incorrect.');
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
        transports: p.transports as AuthenticatorTransportFuture[],
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

  /**
   * The options of a sign-in without an identifiant (the browser offers the passkeys it holds for the
   * site): POST /oauth/cle-acces/options without `mfa_token` (auth/routes.ts).
   */
  async signInOptions(ctx: PublicContext, address: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const challenge = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      // Anyone may ask, so the live challenges are bounded (issue 31 §6): counted under one lock, so that
      // simultaneous requests cannot all pass the count; a refusal writes nothing.
      await repo.lockAnonymousChallenges(tx);
      const live = await repo.liveAnonymousChallenges(tx, address, now);
      if (live.ofAddress >= ANONYMOUS_CHALLENGES_PER_ADDRESS) {
        throw refused(
          'passkey_challenges_exhausted',
          'Trop de connexions par clé d’accès sont en cours depuis votre adresse : terminez-en une ou réessayez dans 5 minutes.',
        );
      }
      if (live.all >= ANONYMOUS_CHALLENGES_IN_ALL) {
        throw refused(
          'passkey_challenges_exhausted',
          'Trop de connexions par clé d’accès sont en cours : réessayez dans 5 minutes, ou connectez-vous avec votre identifiant.',
        );
      }
      return newChallenge(tx, 'sign_in', null, now, address);
    });
    return generateAuthenticationOptions({
      rpID: relyingParty(ctx.publicUrl).rpID,
      challenge,
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      userVerification: 'required',
    });
  },

  /**
   * The options of the second step of `userId`'s password sign-in, listing the account's passkeys: the
   * same call with the `mfa_token` of that step, which auth/service.ts resolves.
   */
  async secondStepOptions(
    ctx: PublicContext,
    userId: number,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const { rpID } = relyingParty(ctx.publicUrl);
    const mine = await repo.listOf(ctx.db, userId);
    if (mine.length === 0) throw invalid('Ce compte n’a pas de clé d’accès : saisissez un code.');
    const challenge = await newChallenge(ctx.db, 'second_step', userId, ctx.clock.now());
    return generateAuthenticationOptions({
      rpID,
      challenge,
      timeout: WEBAUTHN_CHALLENGE_TTL_MS,
      userVerification: 'preferred',
      allowCredentials: mine.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransportFuture[],
      })),
    });
  },

  /**
   * A sign-in's assertion, under the sign-in's limits: alone (`userId` undefined: the passkey names its
   * account), or as the second step of `userId`'s password (then the passkey must be theirs). Answers
   * the account it proves, or undefined (the refusal is the attempt's outcome, logged).
   */
  async proveSignIn(
    ctx: PublicContext,
    input: {
      response: AuthenticationResponseJSON;
      /** A second step: `secondStepOf` is the account of its `mfa_token` (undefined: unknown token). */
      secondStep: boolean;
      secondStepOf?: UserRow;
      ip: string;
    },
    log: Log,
  ): Promise<number | undefined> {
    const passkey = await repo.byCredential(ctx.db, input.response.id);
    const owner = input.secondStep
      ? input.secondStepOf
      : await accountRepository.findById(ctx.db, passkey?.userId ?? 0);
    const ok = await underSignInLimits(
      ctx,
      // Unknown credential or `mfa_token`: the attempt counts for the address only.
      { identifiant: owner?.identifiant ?? '', ip: input.ip },
      async () => {
        if (input.secondStep && !owner) return 'unknown_mfa_token';
        // Unknown, or another account's passkey at someone's second step.
        if (!passkey || !owner || passkey.userId !== owner.id) return 'passkey_unknown';
        return verifyAssertion(ctx, passkey, input.response, input.secondStep ? 'second_step' : 'sign_in');
      },
      log,
    );
    return ok ? owner?.id : undefined;
  },

  REFUSED,
};

async function caller(ctx: RequestContext): Promise<UserRow> {
  const user = await accountRepository.findById(ctx.db, ctx.caller.id);
  if (!user) throw notFound();
  return user;
}
