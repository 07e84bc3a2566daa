/**
 * The forgotten password: a reset link mailed to a known, active address (the request that tells no one
 * which addresses exist), and the new password set from a reset or invitation link.
 */
import { checkNewPassword } from '../../lib/passwords';
import type { PublicContext } from '../../lib/context';
import { invalid } from '../../lib/errors';
import { hashPassword, newToken, tokenHash } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { passwordLink, passwordResetEmail } from '../mail/templates';
import { accountRepository } from '../users/account-repository';
import { authRepository } from './repository';
import { RESET_LINK_TTL_MS, RESET_REQUEST_LIMIT } from './rules';

/** Rolls the stand-in's writes back (see `requestPasswordReset`). */
class NoResetDue extends Error {}

export const passwordResetService = {
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
      const { found, standIn } = await accountRepository.findByEmailWithStandIn(tx, email.trim());
      // The row lock serialises simultaneous requests for one address, so the count below holds
      // (id 0 locks nothing: the same statement, for an address with no active account).
      const user = await accountRepository.lockById(tx, found?.etat === 'A' ? found.id : 0);
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
      const user = await accountRepository.findById(tx, link.userId);
      if (!user || user.etat !== 'A') throw invalid('Ce compte est désactivé. Contactez le secrétariat.');
      checkNewPassword(password, user);
      await accountRepository.update(tx, user.id, { passwordHash: await hashPassword(password) }, now);
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
