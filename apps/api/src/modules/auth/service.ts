/**
 * Sign-in, sessions and password links. Every refusal of a sign-in looks the same to the caller
 * (invalid_grant) and is logged with its real reason.
 */
import { timingSafeEqual } from 'node:crypto';
import { TokenGrantSchema } from '@union/contract';
import { signInAttempts } from '../../lib/metrics';
import type { Executor } from '../../db/client';
import type { SessionUser } from '../../lib/authorize';
import type { PublicContext } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import { decoyPasswordHash, newToken, tokenHash, verifyPassword } from '../../lib/secrets';
import { passkeysService } from '../passkeys/service';
import { secondFactorService } from '../second-factor/service';
import { openAttempt } from '../sign-in-attempts/attempts';
import { signInAttemptsRepository } from '../sign-in-attempts/repository';
import { accountRepository, type UserRow } from '../users/account-repository';
import { LAST_USE_STEP_MS, authRepository } from './repository';
import type { Session } from './session-cache';
import { canSignIn } from './rules';

export const invalidGrant = () => new AppError(400, 'invalid_grant', 'Authentification impossible');

export interface SignInResult {
  accessToken: string;
  expiresIn: number;
  /** The recovery codes of an enrolment the sign-in required (shown once). */
  recoveryCodes?: string[];
}

/** Where a sign-in comes from: kept with the session it opens. */
interface Origin {
  ip: string;
  userAgent?: string;
  ttlSeconds: number;
}

const SECOND_STEP_MESSAGE =
  'Saisissez le code à 6 chiffres de votre application d’authentification, ou un code de secours.';
const PASSKEY_STEP_MESSAGE = 'Utilisez votre clé d’accès pour terminer la connexion.';
const PASSKEY_OR_RECOVERY_MESSAGE =
  'Utilisez votre clé d’accès pour terminer la connexion, ou saisissez un de vos codes de secours.';
const ENROL_MESSAGE =
  'Votre compte doit être protégé par la double authentification : activez une application d’authentification pour continuer.';

/** Checks the HTTP Basic client credentials of the token request, in constant time. */
function clientAllowed(header: string | undefined, client: { id: string; secret: string }): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(Buffer.from(match[1]!, 'base64').toString('utf8'));
  const expected = Buffer.from(`${client.id}:${client.secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Opens a session for the account, in the caller's transaction; answers its bearer token. */
async function openSession(
  tx: Executor,
  user: Pick<UserRow, 'id'>,
  now: Date,
  origin: Origin,
): Promise<string> {
  const accessToken = newToken();
  await authRepository.insertAccessToken(tx, {
    tokenHash: tokenHash(accessToken),
    userId: user.id,
    expiresAt: new Date(now.getTime() + origin.ttlSeconds * 1000),
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500),
    createdAt: now,
  });
  return accessToken;
}

export const authService = {
  /**
   * POST /oauth/token: the client's credentials (401 invalid_client), the password-grant form
   * (invalid_grant when malformed), then the sign-in itself.
   */
  async tokenRequest(
    ctx: PublicContext,
    input: {
      authorization: string | undefined;
      form: unknown;
      ip: string;
      userAgent?: string;
      client: { id: string; secret: string };
      ttlSeconds: number;
    },
    log: { info: (o: object, msg: string) => void },
  ): Promise<SignInResult> {
    if (!clientAllowed(input.authorization, input.client)) {
      throw new AppError(401, 'invalid_client', 'Client non reconnu.');
    }
    const form = TokenGrantSchema.safeParse(input.form);
    if (!form.success) throw invalidGrant();
    const origin = { ip: input.ip, userAgent: input.userAgent, ttlSeconds: input.ttlSeconds };
    if (form.data.grant_type === 'mfa_webauthn' || form.data.grant_type === 'passkey') {
      const mfaToken = form.data.grant_type === 'mfa_webauthn' ? form.data.mfa_token : undefined;
      return authService.passkeyGrant(ctx, { mfaToken, assertion: form.data.assertion, ...origin }, log);
    }
    if (form.data.grant_type === 'mfa_otp') {
      return authService.secondStep(
        ctx,
        { mfaToken: form.data.mfa_token, otp: form.data.otp, ...origin },
        log,
      );
    }
    const { username, password } = form.data;
    return authService.signIn(ctx, { username, password, ...origin }, log);
  },

  /**
   * The token request's second step (grant `mfa_otp`): the `mfa_token` of the password step and a code.
   * A wrong code, an unknown or expired `mfa_token`, a code already used, a locked pair: all the same
   * `invalid_grant`, after the same work (`secondFactorService.checkProof` runs the same statements
   * against no account when the token is unknown, and checks a decoy secret).
   */
  async secondStep(
    ctx: PublicContext,
    input: { mfaToken: string; otp: string } & Origin,
    log: { info: (o: object, msg: string) => void },
  ): Promise<SignInResult> {
    const challenge = await secondFactorService.challenge(ctx, input.mfaToken);
    const ok = await secondFactorService.checkProof(
      ctx,
      {
        // An unknown token has no account: its attempts count for the address only.
        identifiant: challenge?.user.identifiant ?? '',
        userId: challenge?.userId,
        purpose: challenge?.purpose ?? 'second_step',
        code: input.otp,
        ip: input.ip,
      },
      log,
    );
    if (!ok || !challenge) throw invalidGrant();
    const now = ctx.clock.now();
    const opened = await ctx.db.transaction(async (tx) => {
      // One `mfa_token` opens one session, however many right codes arrive at once.
      if (!(await secondFactorService.consumeChallenge(tx, challenge.id, now))) return undefined;
      const current = await accountRepository.shareLockById(tx, challenge.userId);
      if (!current || !canSignIn(current)) return undefined;
      const recoveryCodes =
        challenge.purpose === 'enrol'
          ? await secondFactorService.enrolledAtSignIn(tx, current, now)
          : undefined;
      const accessToken = await openSession(tx, current, now, input);
      return { accessToken, recoveryCodes };
    });
    if (!opened) throw invalidGrant();
    signInAttempts.inc({ outcome: 'ok' });
    return {
      accessToken: opened.accessToken,
      expiresIn: input.ttlSeconds,
      recoveryCodes: opened.recoveryCodes,
    };
  },

  /**
   * POST /oauth/cle-acces/options (public): without `mfa_token`, the options of a sign-in with a passkey
   * alone; with the `mfa_token` of a password step, those of its second step (the account's passkeys).
   */
  async passkeyOptions(ctx: PublicContext, mfaToken: string | undefined, address: string) {
    if (mfaToken === undefined) return passkeysService.signInOptions(ctx, address);
    const found = await secondFactorService.challenge(ctx, mfaToken);
    if (!found || found.purpose !== 'second_step')
      throw invalid(
        'Cette connexion a expiré : saisissez à nouveau votre identifiant et votre mot de passe.',
      );
    return passkeysService.secondStepOptions(ctx, found.userId);
  },

  /**
   * The grants with a passkey (issue 22): `mfa_webauthn` (the second step of a password: the `mfa_token`
   * and an assertion of one of the account's passkeys) and `passkey` (the assertion alone, with user
   * verification: both factors at once). Every refusal (unknown credential or `mfa_token`, spent
   * challenge, wrong origin, counter not moving forward, lock) is one `invalid_grant`, counted as a
   * failed attempt (`passkeysService.proveSignIn`).
   */
  async passkeyGrant(
    ctx: PublicContext,
    input: {
      mfaToken?: string;
      assertion: Parameters<typeof passkeysService.proveSignIn>[1]['response'];
    } & Origin,
    log: { info: (o: object, msg: string) => void },
  ): Promise<SignInResult> {
    const refused = () => new AppError(400, 'invalid_grant', passkeysService.REFUSED);
    const secondStep = input.mfaToken !== undefined;
    const found = secondStep ? await secondFactorService.challenge(ctx, input.mfaToken!) : undefined;
    const challenge = found?.purpose === 'second_step' ? found : undefined;
    const userId = await passkeysService.proveSignIn(
      ctx,
      { response: input.assertion, secondStep, secondStepOf: challenge?.user, ip: input.ip },
      log,
    );
    if (userId === undefined) throw refused();
    const now = ctx.clock.now();
    const accessToken = await ctx.db.transaction(async (tx) => {
      // One `mfa_token` opens one session, however many right assertions arrive at once.
      if (challenge && !(await secondFactorService.consumeChallenge(tx, challenge.id, now))) return undefined;
      const current = await accountRepository.shareLockById(tx, userId);
      if (!current || !canSignIn(current)) return undefined;
      return openSession(tx, current, now, input);
    });
    if (!accessToken) throw refused();
    signInAttempts.inc({ outcome: 'ok' });
    return { accessToken, expiresIn: input.ttlSeconds };
  },

  /** Checks the pair and opens a session, or throws invalid_grant whatever the reason. */
  async signIn(
    ctx: PublicContext,
    input: { username: string; password: string } & Origin,
    log: { info: (o: object, msg: string) => void },
  ): Promise<SignInResult> {
    const { db } = ctx;
    const now = ctx.clock.now();
    const identifiant = input.username.trim();
    const attempt = await openAttempt(db, now, { identifiant, ip: input.ip }, log, 'sign-in attempt');
    const record = async (outcome: string) => {
      await attempt.settle(outcome, false);
      signInAttempts.inc({ outcome });
    };
    if (attempt.refusal) {
      await record(attempt.refusal);
      throw invalidGrant();
    }
    const delay = await attempt.slowDown();
    if (delay > 0) log.info({ identifiant, ip: input.ip, delayMs: delay }, 'sign-in slowed down');

    const user = await accountRepository.findByIdentifiant(db, identifiant);
    // Verify against a decoy hash for unknown users, so the answer time does not reveal who exists.
    const passwordOk = await verifyPassword(
      user?.passwordHash ?? (await decoyPasswordHash()),
      input.password,
    );
    if (!user || !passwordOk) {
      await record(user ? 'bad_password' : 'unknown_user');
      throw invalidGrant();
    }
    if (!canSignIn(user)) {
      await record('inactive');
      throw invalidGrant();
    }

    // A second step first (or an enrolment, the grace period over): the password was right, which is
    // neither a failure nor a success yet (`second_factor_asked` clears nothing and counts for nothing).
    const next = await secondFactorService.afterPassword(ctx, user);
    if (next.kind !== 'open') {
      await record('second_factor_asked');
      // Which factors the second step can take (issue 22, passkeys): the screen offers those.
      const facteurs =
        next.kind === 'second_step' ? await secondFactorService.factorsOf(db, user.id) : undefined;
      const message =
        next.kind !== 'second_step'
          ? ENROL_MESSAGE
          : facteurs?.includes('totp')
            ? SECOND_STEP_MESSAGE
            : facteurs?.includes('code_secours')
              ? PASSKEY_OR_RECOVERY_MESSAGE
              : PASSKEY_STEP_MESSAGE;
      throw new AppError(
        400,
        next.kind === 'second_step' ? 'mfa_required' : 'mfa_enrolment_required',
        message,
        undefined,
        { error_description: message, mfa_token: next.mfaToken, ...(facteurs ? { facteurs } : {}) },
      );
    }

    let accessToken = '';
    const opened = await db.transaction(async (tx) => {
      // The password was checked against the row read above; another instance may have changed it (or
      // deactivated the account) since. Under this lock, a change that committed is seen here, and one
      // still to come waits for this commit and then revokes the new session with the others.
      const current = await accountRepository.shareLockById(tx, user.id);
      if (!current || current.passwordHash !== user.passwordHash || !canSignIn(current)) return false;
      accessToken = await openSession(tx, user, now, input);
      await signInAttemptsRepository.settleAttempt(tx, attempt.id, 'ok', true);
      return true;
    });
    if (!opened) {
      // The password just checked is no longer the account's.
      await record('bad_password');
      throw invalidGrant();
    }
    log.info({ identifiant, ip: input.ip, outcome: 'ok' }, 'sign-in attempt');
    signInAttempts.inc({ outcome: 'ok' });
    return { accessToken, expiresIn: input.ttlSeconds };
  },

  /**
   * The user behind a bearer token, or undefined when the token is unknown, expired or revoked.
   * One query answers both who calls and GET /api/user/info.
   */
  async authenticate(ctx: PublicContext, token: string): Promise<SessionUser | undefined> {
    return (await authService.session(ctx, token))?.user;
  },

  /** The same, with the instant the token expires (what a session cache needs). */
  async session(ctx: PublicContext, token: string): Promise<Session | undefined> {
    const hash = tokenHash(token);
    const now = ctx.clock.now();
    const session = await authRepository.findSession(ctx.db, hash, now);
    if (!session) return undefined;
    // The account page's « dernière utilisation »: written at most every few minutes per session.
    if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > LAST_USE_STEP_MS) {
      await authRepository.touchSession(ctx.db, hash, now);
    }
    const { userId, habilitations, nom, prenom, expiresAt } = session;
    return { user: { id: userId, habilitations, nom, prenom }, expiresAt };
  },

  async signOut(ctx: PublicContext, token: string): Promise<void> {
    await authRepository.revokeAccessToken(ctx.db, tokenHash(token), ctx.clock.now());
  },
};
