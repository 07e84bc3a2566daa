/**
 * The second factor (issues 22, 31): who must have one, the step after a password, the factors a second
 * step offers, the administrator's reset and the rule's setting; the proof of a code is proof.ts, the
 * enrolment of an authenticator enrolment.ts. docs/decisions/auth-and-sessions.md.
 */
import type { Habilitation, SecondFactorSettings, SecondFactorStatus } from '@union/contract';
import type { Executor } from '../../db/client';
import { hasHabilitation } from '../../lib/authorize';
import { inTransaction, type PublicContext, type RequestContext } from '../../lib/context';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { newToken, tokenHash } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { secondFactorResetEmail } from '../mail/templates';
import { accountRepository, type UserRow } from '../users/account-repository';
import { passkeysRepository } from '../passkeys/repository';
import { enrolmentService } from './enrolment';
import { hasAnyFactor, hasFactor } from './factors';
import { caller, checkProof, liveChallenge } from './proof';
import { secondFactorRepository as repo, type ChallengePurpose } from './repository';

export { sealTotpSecrets } from './sealing';

/**
 * The rule until an administrator saves one: the Union's administrators (who manage every account),
 * the accounting's writers and the lodge managers (who read their members), 30 days to enrol.
 */
export const DEFAULT_SECOND_FACTOR_SETTINGS: SecondFactorSettings = {
  habilitations: ['ADMIN', 'COMPTA_SAISIE', 'LOGE'],
  delaiJours: 30,
};

/** How long the `mfa_token` of a password step lives. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

const DAY_MS = 24 * 3600_000;

async function settingsOf(db: Executor): Promise<SecondFactorSettings> {
  const row = await repo.settings(db);
  return row
    ? { habilitations: row.habilitations, delaiJours: row.graceDays }
    : DEFAULT_SECOND_FACTOR_SETTINGS;
}

/**
 * Whether the account must have a second factor and, when it has none, until when it may still sign in
 * without (`deadline`; in the past: it must enrol now).
 */
async function requirement(
  db: Executor,
  user: Pick<UserRow, 'id' | 'habilitations' | 'secondFactorAskedAt'>,
  now: Date,
): Promise<{ concerned: boolean; has: boolean; deadline: Date | null }> {
  const settings = await settingsOf(db);
  const concerned = user.habilitations.some((h) => settings.habilitations.includes(h));
  // A passkey is a factor too (issue 22, passkeys).
  const has = await hasAnyFactor(db, user.id);
  if (!concerned || has) return { concerned, has, deadline: null };
  const from = user.secondFactorAskedAt ?? now;
  return { concerned, has, deadline: new Date(from.getTime() + settings.delaiJours * DAY_MS) };
}

export const secondFactorService = {
  /**
   * After a right password: whether a session may open (`open`), or the second step (`second_step`) or an
   * enrolment (`enrol`, the grace period over) must come first, with the `mfa_token` to send back. The
   * first time the account is told it must have a factor starts its grace period.
   */
  async afterPassword(
    ctx: PublicContext,
    user: UserRow,
  ): Promise<{ kind: 'open' } | { kind: ChallengePurpose; mfaToken: string }> {
    const now = ctx.clock.now();
    const { concerned, has, deadline } = await requirement(ctx.db, user, now);
    if (concerned && !has && user.secondFactorAskedAt === null) {
      await accountRepository.markSecondFactorAsked(ctx.db, user.id, now);
    }
    const kind: ChallengePurpose | null = has
      ? 'second_step'
      : deadline !== null && deadline.getTime() <= now.getTime()
        ? 'enrol'
        : null;
    if (kind === null) return { kind: 'open' };
    const mfaToken = newToken();
    await repo.insertChallenge(
      ctx.db,
      {
        tokenHash: tokenHash(mfaToken),
        userId: user.id,
        purpose: kind,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      },
      now,
    );
    return { kind, mfaToken };
  },

  /** The live challenge behind an `mfa_token`, with its account's identifiant; undefined otherwise. */
  challenge: liveChallenge,

  /** A code checked under the sign-in's limits (proof.ts). */
  checkProof,

  consumeChallenge: (db: Executor, id: number, at: Date) => repo.consumeChallenge(db, id, at),

  /** Which factors the account can give at its second step (the `mfa_required` answer lists them). */
  async factorsOf(db: Executor, userId: number): Promise<('totp' | 'cle_acces' | 'code_secours')[]> {
    const factors: ('totp' | 'cle_acces' | 'code_secours')[] = [];
    if (await hasFactor(db, userId)) factors.push('totp');
    if ((await passkeysRepository.countOf(db, userId)) > 0) factors.push('cle_acces');
    if ((await repo.recoveryCodesLeft(db, userId)) > 0) factors.push('code_secours');
    return factors;
  },

  /** GET /api/user/second-facteur. */
  async status(ctx: RequestContext): Promise<SecondFactorStatus> {
    const user = await caller(ctx);
    const { concerned, deadline } = await requirement(ctx.db, user, ctx.clock.now());
    const totp = await hasFactor(ctx.db, user.id);
    return {
      totp,
      codesSecoursRestants: await repo.recoveryCodesLeft(ctx.db, user.id),
      obligatoire: concerned,
      avant: deadline?.toISOString() ?? null,
    };
  },

  ...enrolmentService,

  /** DELETE /api/user/{id}/second-facteur: an administrator resets someone's factors; they are told. */
  async reset(ctx: RequestContext, id: number): Promise<void> {
    if (!hasHabilitation(ctx.caller, 'ADMIN')) throw forbidden();
    // One's own factor goes only with one of its codes (the account page), not by a session alone.
    if (id === ctx.caller.id)
      throw invalid(
        'Vous ne pouvez pas réinitialiser votre propre double authentification : retirez-la depuis la page « Mon compte », qui demande un de ses codes.',
      );
    await inTransaction(ctx, async (tx) => {
      const user = await accountRepository.lockById(tx.db, id);
      if (!user) throw notFound();
      if (user.anonymizedAt) throw invalid('Ce compte est anonymisé.');
      // Passkeys too (issue 22): the person may have lost the device that holds them.
      const passkeys = await passkeysRepository.removeAllOf(tx.db, user.id);
      const had = (await repo.removeFactors(tx.db, user.id)) || passkeys > 0;
      if (!had) throw invalid('Ce compte n’a pas de double authentification à réinitialiser.');
      // A fresh grace period from the next sign-in: the person may have lost their phone.
      await accountRepository.update(tx.db, user.id, { secondFactorAskedAt: null }, tx.clock.now());
      await mailRepository.enqueue(tx.db, secondFactorResetEmail(user.email, user.prenom), tx.clock.now());
      await audit.record(tx, { action: 'second_factor_reset', recordType: 'user', recordId: user.id });
    });
  },

  /** GET /api/parametres/second-facteur (ADMIN). */
  async settings(ctx: RequestContext): Promise<SecondFactorSettings> {
    if (!hasHabilitation(ctx.caller, 'ADMIN')) throw forbidden();
    return settingsOf(ctx.db);
  },

  /** PUT /api/parametres/second-facteur (ADMIN). */
  async saveSettings(ctx: RequestContext, input: SecondFactorSettings): Promise<SecondFactorSettings> {
    if (!hasHabilitation(ctx.caller, 'ADMIN')) throw forbidden();
    const habilitations = [...new Set(input.habilitations)] as Habilitation[];
    return inTransaction(ctx, async (tx) => {
      await repo.saveSettings(tx.db, { habilitations, graceDays: input.delaiJours }, tx.clock.now());
      await audit.record(tx, {
        action: 'second_factor_settings_updated',
        recordType: 'settings',
        recordId: 1,
        details: { habilitations, delaiJours: input.delaiJours },
      });
      return settingsOf(tx.db);
    });
  },
};
