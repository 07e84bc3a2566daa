/**
 * Signing in with a passkey (issue 22): alone (a discoverable credential names its account) or as the
 * second step of a password; `authService.passkeyGrant` opens the session. Every assertion is checked
 * under the sign-in's limits (attempts in `sign_in_attempts`, counted with passwords and codes).
 */
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PublicContext } from '../../lib/context';
import { invalid, refused } from '../../lib/errors';
import { proveUnderLimits } from '../sign-in-attempts/attempts';
import { accountRepository, type UserRow } from '../users/account-repository';
import {
  ANONYMOUS_CHALLENGES_IN_ALL,
  ANONYMOUS_CHALLENGES_PER_ADDRESS,
  WEBAUTHN_CHALLENGE_TTL_MS,
  challengeHash,
  newChallenge,
  relyingParty,
  signedChallenge,
  type Log,
} from './ceremony';
import { passkeysRepository as repo, type PasskeyRowDb } from './repository';

const REFUSED =
  'Cette clé d’accès n’a pas été acceptée. Réessayez, ou connectez-vous avec votre mot de passe.';

/** A passkey check under the sign-in limits (sign-in-attempts/attempts.ts). */
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
        transports: passkey.transports as AuthenticatorTransport[],
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

export const passkeySignIn = {
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
        transports: p.transports as AuthenticatorTransport[],
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
