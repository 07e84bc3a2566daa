/**
 * The second factor (issues 22, 31): who must have one, the proof of a code (limited like a password,
 * and per account), the enrolment of an authenticator, recovery codes, the factors a second step
 * offers, the administrator's reset and the rule's setting. docs/decisions/auth-and-sessions.md.
 */
import type {
  Habilitation,
  RecoveryCodes,
  SecondFactorSettings,
  SecondFactorStatus,
  TotpEnrolment,
} from '@union/contract';
import type { Executor } from '../../db/client';
import { hasHabilitation } from '../../lib/authorize';
import { inTransaction, type PublicContext, type RequestContext } from '../../lib/context';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import { secondFactorBox } from '../../lib/secret-box';
import { newToken, tokenHash } from '../../lib/secrets';
import { audit } from '../audit/audit';
import { mailRepository } from '../mail/repository';
import { codesLockedEmail, secondFactorResetEmail } from '../mail/templates';
import { accountCodesLocked, proveUnderLimits } from '../sign-in-attempts/attempts';
import { ACCOUNT_CODE_LOCK } from '../sign-in-attempts/rules';
import { accountRepository, type UserRow } from '../users/account-repository';
import { passkeysRepository } from '../passkeys/repository';
import { looksLikeTotp, newTotpSecret, qrDataUrl, recoveryCodeHash, totpStep, totpUri } from './codes';
import { secondFactorRepository as repo, type ChallengePurpose } from './repository';
import { hasAnyFactor, hasFactor, renewRecoveryCodes } from './factors';
import { sealContext, secretOf } from './sealing';

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

type Log = { info: (o: object, msg: string) => void };

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

/**
 * Checks a code (six digits, or a recovery code) for an account, the same work whatever the outcome:
 * the factor is read (account 0 when there is none: no row), the authenticator's code is computed
 * (against a decoy secret when there is no factor), and one UPDATE spends the step or the recovery code
 * (matching no row when there is nothing to spend). `purpose` `enrol` accepts only the unconfirmed
 * authenticator being enrolled, and confirms it.
 */
async function verifyCode(
  db: Executor,
  userId: number | undefined,
  purpose: ChallengePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const factor = await repo.totpOf(db, userId ?? 0);
  const usable = factor && (purpose === 'enrol' ? factor.confirmedAt === null : factor.confirmedAt !== null);
  const typed = code.replace(/\s/g, '');
  const step = totpStep(secretOf(usable ? factor : undefined), typed, now);
  if (looksLikeTotp(typed)) {
    return repo.acceptStep(db, step === null ? 0 : (userId ?? 0), step ?? 0, purpose !== 'enrol', now);
  }
  // Recovery codes stand for the confirmed factor only (an enrolment has none yet).
  const owner = purpose === 'second_step' ? (userId ?? 0) : 0;
  return repo.spendRecoveryCode(db, owner, recoveryCodeHash(typed), now);
}

/**
 * The caller, once a code of their own authenticator (or a recovery code) proved it is them: what
 * removing the authenticator or renewing the recovery codes asks, under the sign-in limits.
 */
async function provedByOwnCode(
  ctx: RequestContext,
  code: string,
  ip: string,
  log: Log,
  /** `totp`: the authenticator is what the call changes; `any`: a passkey-only account's codes too. */
  needs: 'totp' | 'any',
): Promise<UserRow> {
  const user = await caller(ctx);
  if (needs === 'totp' && !(await hasFactor(ctx.db, user.id)))
    throw invalid('Aucune application d’authentification n’est activée.');
  if (needs === 'any' && !(await hasAnyFactor(ctx.db, user.id)))
    throw invalid('Aucun second facteur n’est activé : ajoutez une application ou une clé d’accès.');
  const ok = await secondFactorService.checkProof(
    ctx,
    { identifiant: user.identifiant, userId: user.id, purpose: 'second_step', code, ip },
    log,
  );
  if (!ok) throw wrongCode();
  return user;
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
  async challenge(ctx: PublicContext, mfaToken: string) {
    const found = await repo.findChallenge(ctx.db, tokenHash(mfaToken), ctx.clock.now());
    const user = await accountRepository.findById(ctx.db, found?.userId ?? 0);
    return found && user ? { ...found, user } : undefined;
  },

  consumeChallenge: (db: Executor, id: number, at: Date) => repo.consumeChallenge(db, id, at),

  /** Whether the account has a confirmed authenticator (passkeys are counted apart). */
  /** Which factors the account can give at its second step (the `mfa_required` answer lists them). */
  async factorsOf(db: Executor, userId: number): Promise<('totp' | 'cle_acces' | 'code_secours')[]> {
    const factors: ('totp' | 'cle_acces' | 'code_secours')[] = [];
    if (await hasFactor(db, userId)) factors.push('totp');
    if ((await passkeysRepository.countOf(db, userId)) > 0) factors.push('cle_acces');
    if ((await repo.recoveryCodesLeft(db, userId)) > 0) factors.push('code_secours');
    return factors;
  },

  /**
   * Checks a code under the sign-in's limits: the attempt is written first and counted with the
   * password's failures (per identifiant and address, then per address), so wrong codes lock and slow
   * down like wrong passwords, and only the pair's own failures lock it. The account's wrong codes from
   * every address are counted too (ACCOUNT_CODE_LOCK): once it waits, every code is refused with the
   * 412 `codes_locked`, and its owner is e-mailed once per wait. `userId` undefined (an unknown
   * `mfa_token`) runs the same statements against no account. A right code clears the failures before
   * it, like a right password.
   */
  async checkProof(
    ctx: PublicContext,
    input: {
      identifiant: string;
      userId: number | undefined;
      purpose: ChallengePurpose;
      code: string;
      ip: string;
    },
    log: Log,
  ): Promise<boolean> {
    const now = ctx.clock.now();
    const since = new Date(now.getTime() - ACCOUNT_CODE_LOCK.windowMs);
    const lockedAt = (await accountRepository.findById(ctx.db, input.userId ?? 0))?.codesLockedAt;
    let refusal: string | null = null;
    const ok = await proveUnderLimits(
      ctx.db,
      now,
      input,
      {
        check: async () =>
          (await verifyCode(ctx.db, input.userId, input.purpose, input.code, now))
            ? true
            : input.userId === undefined
              ? 'unknown_mfa_token'
              : 'bad_code',
        okOutcome: 'second_factor_ok',
        label: 'second factor attempt',
        code: { waiting: !!lockedAt && lockedAt > since },
        onRefusal: (r) => (refusal = r),
      },
      log,
    );
    if (ok) return ok;
    // Refused before its check, or the wrong code that starts the wait (the same query for an unknown
    // `mfa_token`: the same work).
    const waits = refusal === 'account_locked' || (await accountCodesLocked(ctx.db, input.identifiant, now));
    if (waits && input.userId !== undefined) {
      await startWait(ctx.db, input.userId, now, since);
      throw codesLocked();
    }
    return false;
  },

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
    const found = await secondFactorService.challenge(ctx, mfaToken);
    if (!found || found.purpose !== 'enrol') {
      throw invalid(
        'Cette connexion a expiré : saisissez à nouveau votre identifiant et votre mot de passe.',
      );
    }
    return startEnrolment(ctx.db, found.user, ctx.clock.now());
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

  /** POST /api/user/second-facteur/totp: a new secret to scan (replaces an unconfirmed one). */
  async startEnrolment(ctx: RequestContext): Promise<TotpEnrolment> {
    return startEnrolment(ctx.db, await caller(ctx), ctx.clock.now());
  },

  /** PUT /api/user/second-facteur/totp: the first code confirms the enrolment; ten recovery codes. */
  async confirmEnrolment(ctx: RequestContext, code: string, ip: string, log: Log): Promise<RecoveryCodes> {
    const user = await caller(ctx);
    const factor = await repo.totpOf(ctx.db, user.id);
    if (!factor) throw invalid('Commencez par afficher le QR code, puis saisissez le code de l’application.');
    if (factor.confirmedAt) throw invalid('L’application d’authentification est déjà activée.');
    const ok = await secondFactorService.checkProof(
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

  /** DELETE /api/user/{id}/second-facteur: an administrator resets someone's factors; they are told. */
  async reset(ctx: RequestContext, id: number): Promise<void> {
    if (!hasHabilitation(ctx.caller, 'ADMIN')) throw forbidden();
    // One's own factor goes only with one of its codes (the account page), not by a session alone.
    if (id === ctx.caller.id)
      throw invalid(
        'Vous ne pouvez pas réinitialiser votre propre second facteur : retirez-le depuis la page « Mon compte », qui demande un de ses codes.',
      );
    await inTransaction(ctx, async (tx) => {
      const user = await accountRepository.lockById(tx.db, id);
      if (!user) throw notFound();
      if (user.anonymizedAt) throw invalid('Ce compte est anonymisé.');
      // Passkeys too (issue 22): the person may have lost the device that holds them.
      const passkeys = await passkeysRepository.removeAllOf(tx.db, user.id);
      const had = (await repo.removeFactors(tx.db, user.id)) || passkeys > 0;
      if (!had) throw invalid('Ce compte n’a pas de second facteur à réinitialiser.');
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

const codesLocked = () =>
  new AppError(
    412,
    'codes_locked',
    'Trop de codes erronés pour ce compte : il n’accepte plus de code pendant 15 minutes. Son titulaire est prévenu par e-mail.',
  );

/**
 * Starts the account's wait (unless one is running) and e-mails its owner, once per wait however many
 * refusals arrive at once.
 */
async function startWait(db: Executor, userId: number, now: Date, since: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await accountRepository.startCodesWait(tx, userId, now, since))) return;
    const user = await accountRepository.findById(tx, userId);
    if (user) await mailRepository.enqueue(tx, codesLockedEmail(user.email, user.prenom), now);
  });
}

const wrongCode = () =>
  invalid('Code incorrect ou déjà utilisé. Vérifiez l’heure de votre téléphone et réessayez.');

async function caller(ctx: RequestContext): Promise<UserRow> {
  const user = await accountRepository.findById(ctx.db, ctx.caller.id);
  if (!user) throw notFound();
  return user;
}

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
