/**
 * Enrolling an authenticator (issue 22): from the account page after the current password (asked again
 * under the sign-in's limits, as for a passkey), or at a sign-in that requires it (its `mfa_token` is the
 * proof); its confirmation by a first code with ten recovery codes; its removal and new recovery codes,
 * each proved by a code of one's own.
 */
import type { RecoveryCodes, TotpEnrolment } from '@union/contract';
import type { Executor } from '../../db/client';
import { inTransaction, type PublicContext, type RequestContext } from '../../lib/context';
import { invalid } from '../../lib/errors';
import { secondFactorBox } from '../../lib/secret-box';
import { audit } from '../audit/audit';
import { proveCurrentPassword } from '../sign-in-attempts/attempts';
import type { UserRow } from '../users/account-repository';
import { newTotpSecret, qrDataUrl, totpUri } from './codes';
import { renewRecoveryCodes } from './factors';
import { caller, checkProof, liveChallenge, provedByOwnCode, wrongCode, type Log } from './proof';
import { secondFactorRepository as repo } from './repository';
import { sealContext } from './sealing';

export const enrolmentService = {
  /** After the enrolment a sign-in required: its recovery codes and its audit entry, in `tx`. */
  async enrolledAtSignIn(db: Executor, user: UserRow, at: Date): Promise<string[]> {
    const codes = await renewRecoveryCodes(db, user.id, at);
    await audit.recordSystem(db, at, {
      action: 'second_factor_enrolled',
      recordType: 'user',
      recordId: user.id,
    });
    return codes;
  },

  /** POST /oauth/second-facteur/totp: the secret of the enrolment a sign-in requires. */
  async startRequiredEnrolment(ctx: PublicContext, mfaToken: string): Promise<TotpEnrolment> {
    const found = await liveChallenge(ctx, mfaToken);
    if (!found || found.purpose !== 'enrol') {
      throw invalid(
        'Cette connexion a expiré : saisissez à nouveau votre identifiant et votre mot de passe.',
      );
    }
    return startEnrolment(ctx.db, found.user, ctx.clock.now());
  },

  /**
   * POST /api/user/second-facteur/totp: after the current password (asked again, as for a passkey), a
   * new secret to scan (replaces an unconfirmed one).
   */
  async startEnrolment(ctx: RequestContext, password: string, ip: string, log: Log): Promise<TotpEnrolment> {
    const user = await caller(ctx);
    await proveCurrentPassword(ctx.db, ctx.clock.now(), user, password, ip, log);
    return startEnrolment(ctx.db, user, ctx.clock.now());
  },

  /** PUT /api/user/second-facteur/totp: the first code confirms the enrolment; ten recovery codes. */
  async confirmEnrolment(ctx: RequestContext, code: string, ip: string, log: Log): Promise<RecoveryCodes> {
    const user = await caller(ctx);
    const factor = await repo.totpOf(ctx.db, user.id);
    if (!factor) throw invalid('Commencez par afficher le QR code, puis saisissez le code de l’application.');
    if (factor.confirmedAt) throw invalid('L’application d’authentification est déjà activée.');
    const ok = await checkProof(
      ctx,
      { identifiant: user.identifiant, userId: user.id, purpose: 'enrol', code, ip },
      log,
    );
    if (!ok) throw wrongCode();
    return inTransaction(ctx, async (tx) => {
      const codes = await renewRecoveryCodes(tx.db, user.id, tx.clock.now());
      await audit.record(tx, { action: 'second_factor_enrolled', recordType: 'user', recordId: user.id });
      return { codes };
    });
  },

  /** DELETE /api/user/second-facteur/totp: removes one's authenticator, proved by a code. */
  async remove(ctx: RequestContext, code: string, ip: string, log: Log): Promise<void> {
    const user = await provedByOwnCode(ctx, code, ip, log, 'totp');
    await inTransaction(ctx, async (tx) => {
      await repo.removeFactors(tx.db, user.id);
      await audit.record(tx, { action: 'second_factor_removed', recordType: 'user', recordId: user.id });
    });
  },

  /** POST /api/user/second-facteur/codes-secours: ten new codes, proved by a code. */
  async newRecoveryCodes(ctx: RequestContext, code: string, ip: string, log: Log): Promise<RecoveryCodes> {
    const user = await provedByOwnCode(ctx, code, ip, log, 'any');
    return inTransaction(ctx, async (tx) => {
      const codes = await renewRecoveryCodes(tx.db, user.id, tx.clock.now());
      await audit.record(tx, {
        action: 'second_factor_codes_renewed',
        recordType: 'user',
        recordId: user.id,
      });
      return { codes };
    });
  },
};

async function startEnrolment(db: Executor, user: UserRow, now: Date): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  const started = await repo.startTotp(
    db,
    user.id,
    secondFactorBox().seal(secret, sealContext(user.id)),
    now,
  );
  if (!started) throw invalid('Une application d’authentification est déjà activée : retirez-la d’abord.');
  const uri = totpUri(secret, user.identifiant);
  return { secret, uri, qr: await qrDataUrl(uri) };
}
