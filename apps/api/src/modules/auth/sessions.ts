/**
 * One's open sessions (the account page's « Mes sessions », issue 22): where one is signed in, and
 * ending one of them.
 */
import type { SessionRow } from '@union/contract';
import Bowser from 'bowser';
import { inTransaction, type RequestContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { tokenHash } from '../../lib/secrets';
import { audit } from '../audit/audit';
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
    return rows.map((r) => ({
      id: r.id,
      appareil: deviceOf(r.userAgent),
      adresse: r.ip,
      ouverture: r.createdAt.toISOString(),
      derniereUtilisation: (r.lastUsedAt ?? r.createdAt).toISOString(),
      courante: r.tokenHash === current,
    }));
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
