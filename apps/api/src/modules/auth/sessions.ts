/**
 * One's open sessions (the account page's « Mes sessions », issue 22): where one is signed in, ending
 * one of them, and ending at once those opened before the account had its second factor (a password
 * alone opened them: whoever had guessed it may still hold one).
 */
import type { SessionRow, SessionsEnded } from '@union/contract';
import Bowser from 'bowser';
import { inTransaction, type RequestContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { tokenHash } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { secondFactorSince } from '../second-factor/factors';
import { authRepository } from './repository';

/** « Firefox sur Linux », from a User-Agent; « Appareil inconnu » without one. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const { browser, os } = Bowser.parse(userAgent);
  const what = browser.name || 'Navigateur inconnu';
  return os.name ? `${what} sur ${os.name}` : what;
}

export const sessionsService = {
  /** GET /api/user/sessions: where the caller is signed in. */
  async sessions(ctx: RequestContext, currentToken: string | undefined): Promise<SessionRow[]> {
    const current = currentToken ? tokenHash(currentToken) : undefined;
    const rows = await authRepository.sessionsOf(ctx.db, ctx.caller.id, ctx.clock.now());
    const since = await secondFactorSince(ctx.db, ctx.caller.id);
    return rows.map((r) => ({
      id: r.id,
      appareil: deviceOf(r.userAgent),
      adresse: r.ip,
      ouverture: r.createdAt.toISOString(),
      derniereUtilisation: (r.lastUsedAt ?? r.createdAt).toISOString(),
      courante: r.tokenHash === current,
      avantSecondFacteur: since !== null && r.createdAt < since,
    }));
  },

  /**
   * DELETE /api/user/sessions/avant-second-facteur: ends the caller's sessions opened before their
   * second factor, but the current one; answers how many. None without a factor (nothing to tell apart).
   */
  async endSessionsBeforeSecondFactor(
    ctx: RequestContext,
    currentToken: string | undefined,
  ): Promise<SessionsEnded> {
    return inTransaction(ctx, async (tx) => {
      const since = await secondFactorSince(tx.db, tx.caller.id);
      if (since === null) return { terminees: 0 };
      const ended = await authRepository.endSessionsOpenedBefore(
        tx.db,
        tx.caller.id,
        since,
        tokenHash(currentToken ?? ''),
        tx.clock.now(),
      );
      if (ended.length > 0) {
        await audit.record(tx, {
          action: 'sessions_ended_before_second_factor',
          recordType: 'user',
          recordId: tx.caller.id,
          details: { sessions: ended },
        });
      }
      return { terminees: ended.length };
    });
  },

  /** DELETE /api/user/sessions/{id}: ends one of the caller's sessions (the current one too). */
  async endSession(ctx: RequestContext, id: number): Promise<void> {
    await inTransaction(ctx, async (tx) => {
      const ended = await authRepository.endSession(tx.db, tx.caller.id, id, tx.clock.now());
      if (!ended) throw notFound('Cette session n’existe pas ou est déjà terminée.');
      await audit.record(tx, {
        action: 'session_ended',
        recordType: 'user',
        recordId: tx.caller.id,
        details: { session: id },
      });
    });
  },
};
