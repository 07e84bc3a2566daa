/**
 * Sign-in, sessions and password links. Every refusal of a sign-in looks the same to the caller
 * (invalid_grant) and is logged with its real reason.
 */
import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { TokenRequestSchema } from '@union/contract';
import { signInAttempts } from '../../lib/metrics';
import type { PublicContext } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import { checkNewPassword } from '../../lib/passwords';
import { decoyPasswordHash, hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { passwordLink, passwordResetEmail } from '../mail/templates';
import { usersRepository } from '../users/repository';
import { authRepository } from './repository';
import type { Session, SessionUser } from './session-cache';
import {
  IP_LIMIT,
  LOCKOUT,
  RESET_LINK_TTL_MS,
  RESET_REQUEST_LIMIT,
  SLOWDOWN,
  canSignIn,
  isLockedOut,
  refusalBeforeCheck,
  slowDownMs,
} from './rules';

/** Rolls the stand-in's writes back (see `requestPasswordReset`). */
class NoResetDue extends Error {}

export const invalidGrant = () => new AppError(400, 'invalid_grant', 'Authentification impossible');

export interface SignInResult {
  accessToken: string;
  expiresIn: number;
}

/** Checks the HTTP Basic client credentials of the token request, in constant time. */
function clientAllowed(header: string | undefined, client: { id: string; secret: string }): boolean {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(Buffer.from(match[1]!, 'base64').toString('utf8'));
  const expected = Buffer.from(`${client.id}:${client.secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
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
      client: { id: string; secret: string };
      ttlSeconds: number;
    },
    log: { info: (o: object, msg: string) => void },
  ): Promise<SignInResult> {
    if (!clientAllowed(input.authorization, input.client)) {
      throw new AppError(401, 'invalid_client', 'Client non reconnu.');
    }
    const form = TokenRequestSchema.safeParse(input.form);
    if (!form.success) throw invalidGrant();
    const { username, password } = form.data;
    return authService.signIn(ctx, { username, password, ip: input.ip, ttlSeconds: input.ttlSeconds }, log);
  },

  /** Checks the pair and opens a session, or throws invalid_grant whatever the reason. */
  async signIn(
    ctx: PublicContext,
    input: { username: string; password: string; ip: string; ttlSeconds: number },
    log: { info: (o: object, msg: string) => void },
  ): Promise<SignInResult> {
    const { db } = ctx;
    const now = ctx.clock.now();
    const identifiant = input.username.trim();
    // Written first, counted by the others as a failure until settled: a burst of simultaneous guesses,
    // on one instance or split across several, gets no more checks than the lock allows
    // (authRepository.startAttempt).
    const attempt = await authRepository.startAttempt(db, { identifiant, ip: input.ip, createdAt: now });
    // The lock is per identifiant and address: five wrong passwords from one address must not keep the
    // owner out from another. Two windows back: a run that ended up to 15 minutes ago may have started
    // 30 ago.
    const pairFailures = await authRepository.failureTimesForIdentifiant(
      db,
      identifiant,
      new Date(now.getTime() - 2 * LOCKOUT.windowMs),
      100,
      input.ip,
      attempt,
    );
    const forIp = await authRepository.countFailuresForIp(
      db,
      input.ip,
      new Date(now.getTime() - IP_LIMIT.windowMs),
      attempt,
    );
    const refusal = refusalBeforeCheck(isLockedOut(pairFailures, now), forIp);
    const record = async (outcome: string) => {
      await authRepository.settleAttempt(db, attempt, outcome, false);
      log.info({ identifiant, ip: input.ip, outcome }, 'sign-in attempt');
      signInAttempts.inc({ outcome });
    };
    if (refusal) {
      await record(refusal);
      throw invalidGrant();
    }

    // Attacked from many addresses: slowed down, never locked (the owner still gets in).
    const recentFailures = await authRepository.failureTimesForIdentifiant(
      db,
      identifiant,
      new Date(now.getTime() - SLOWDOWN.windowMs),
      SLOWDOWN.freeFailures + 16,
      undefined,
      attempt,
    );
    const delay = slowDownMs(recentFailures.length);
    if (delay > 0) {
      log.info({ identifiant, ip: input.ip, delayMs: delay }, 'sign-in slowed down');
      await sleep(delay);
    }

    const user = await usersRepository.findByIdentifiant(db, identifiant);
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

    const accessToken = newToken();
    const opened = await db.transaction(async (tx) => {
      // The password was checked against the row read above; another instance may have changed it (or
      // deactivated the account) since. Under this lock, a change that committed is seen here, and one
      // still to come waits for this commit and then revokes the new session with the others.
      const current = await usersRepository.shareLockById(tx, user.id);
      if (!current || current.passwordHash !== user.passwordHash || !canSignIn(current)) return false;
      await authRepository.insertAccessToken(tx, {
        tokenHash: tokenHash(accessToken),
        userId: user.id,
        expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
      });
      await authRepository.settleAttempt(tx, attempt, 'ok', true);
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
    const session = await authRepository.findSession(ctx.db, tokenHash(token), ctx.clock.now());
    if (!session) return undefined;
    const { userId, habilitations, nom, prenom, expiresAt } = session;
    return { user: { id: userId, habilitations, nom, prenom }, expiresAt };
  },

  async signOut(ctx: PublicContext, token: string): Promise<void> {
    await authRepository.revokeAccessToken(ctx.db, tokenHash(token), ctx.clock.now());
  },

  /**
   * Sends a reset link to a known, active address, at most `RESET_REQUEST_LIMIT.maxEmails` an hour.
   * Runs after the answer (see routes.ts), which says nothing either way, so the caller cannot learn
   * which addresses exist nor whether the limit was reached. Nor by what the database does after it: on
   * PGlite this work holds the one connection, and the next request waits for it. So every request,
   * whatever its address, runs the same statements in one transaction and writes the same rows (a link,
   * an e-mail, an audit entry); when no e-mail is due (an unknown or inactive address, the limit
   * reached), they are written for a stand-in account inside a savepoint rolled back before the commit.
   * docs/decisions/hardening.md, part 5.
   */
  async requestPasswordReset(
    ctx: PublicContext,
    email: string,
    log: { info: (o: object, msg: string) => void },
  ): Promise<void> {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const { found, standIn } = await usersRepository.findByEmailWithStandIn(tx, email.trim());
      // The row lock serialises simultaneous requests for one address, so the count below holds
      // (id 0 locks nothing: the same statement, for an address with no active account).
      const user = await usersRepository.lockById(tx, found?.etat === 'A' ? found.id : 0);
      const active = user?.etat === 'A' ? user : undefined;
      // No account at all: there is no address to tell apart.
      const target = active ?? standIn;
      if (!target) return;
      const since = new Date(now.getTime() - RESET_REQUEST_LIMIT.windowMs);
      const sent = await audit.countSince(tx, 'user', target.id, 'password_reset_requested', since);
      const due = active !== undefined && sent < RESET_REQUEST_LIMIT.maxEmails;
      if (active && !due) log.info({ userId: active.id }, 'password reset request over the limit: no e-mail');
      try {
        await tx.transaction(async (savepoint) => {
          const token = newToken();
          await authRepository.insertUserToken(
            savepoint,
            {
              tokenHash: tokenHash(token),
              userId: target.id,
              purpose: 'reset',
              expiresAt: new Date(now.getTime() + RESET_LINK_TTL_MS),
            },
            now,
          );
          const link = passwordLink(ctx.publicUrl, token);
          await mailRepository.enqueue(savepoint, passwordResetEmail(target.email, target.prenom, link), now);
          // Nobody is signed in: the entry has no actor (the address typed may be anyone's).
          await audit.recordSystem(savepoint, now, {
            action: 'password_reset_requested',
            recordType: 'user',
            recordId: target.id,
          });
          if (!due) throw new NoResetDue();
        });
      } catch (error) {
        if (!(error instanceof NoResetDue)) throw error;
      }
    });
  },

  /** Sets a new password from a reset or invitation link, once; every open session is closed. */
  async resetPassword(ctx: PublicContext, jeton: string, password: string): Promise<void> {
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      const link = await authRepository.consumeUserToken(tx, tokenHash(jeton), now);
      if (!link) throw invalid('Ce lien est invalide, expiré ou déjà utilisé. Demandez un nouveau lien.');
      const user = await usersRepository.findById(tx, link.userId);
      if (!user || user.etat !== 'A') throw invalid('Ce compte est désactivé. Contactez le secrétariat.');
      checkNewPassword(password, user);
      await usersRepository.update(tx, user.id, { passwordHash: await hashPassword(password) }, now);
      await authRepository.revokeUserTokens(tx, user.id, now);
      // The other links mailed (an older reset, the invitation) must not set the password again.
      await authRepository.spendUserLinks(tx, user.id, now);
      // The link proved who acts: its owner is the entry's actor.
      await audit.record(
        { db: tx, caller: { id: user.id, habilitations: user.habilitations }, clock: ctx.clock },
        {
          action: `password_set_${link.purpose}`,
          recordType: 'user',
          recordId: user.id,
        },
      );
    });
  },
};
