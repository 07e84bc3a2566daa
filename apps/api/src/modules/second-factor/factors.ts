/**
 * Which second factors an account has (an authenticator, passkeys) and its recovery codes, given with
 * the first factor of any kind. Read by the second factor's service, the passkeys' and the users' page.
 */
import type { Executor } from '../../db/client';
import type { TxContext } from '../../lib/context';
import { audit } from '../audit/audit';
import { passkeysRepository } from '../passkeys/repository';
import { newRecoveryCodes, recoveryCodeHash } from './codes';
import { secondFactorRepository as repo } from './repository';

/** Whether the account has a confirmed authenticator. */
export async function hasFactor(db: Executor, userId: number): Promise<boolean> {
  const totp = await repo.totpOf(db, userId);
  return totp?.confirmedAt != null;
}

/** Whether the account has a second factor of any kind: an authenticator or a passkey. */
export async function hasAnyFactor(db: Executor, userId: number): Promise<boolean> {
  return (await hasFactor(db, userId)) || (await passkeysRepository.countOf(db, userId)) > 0;
}

/**
 * Since when the account has its second factor: the earliest of its present factors (the authenticator's
 * confirmation, its first passkey); null without one. The sessions opened before were opened by the
 * password alone (auth/sessions.ts offers to end them).
 */
export async function secondFactorSince(db: Executor, userId: number): Promise<Date | null> {
  const totp = (await repo.totpOf(db, userId))?.confirmedAt ?? null;
  const [passkey] = await passkeysRepository.listOf(db, userId);
  const times = [totp, passkey?.createdAt ?? null].filter((d): d is Date => d !== null);
  return times.length ? new Date(Math.min(...times.map((d) => d.getTime()))) : null;
}

/**
 * After a passkey is added (in its transaction): ten recovery codes when the account has no
 * authenticator and no unused recovery code, i.e. for its first factor (or for an account of passkeys
 * only from before the codes were given with them); undefined otherwise. Audited like a renewal.
 */
export async function recoveryCodesForNewFactor(tx: TxContext): Promise<string[] | undefined> {
  const userId = tx.caller.id;
  if ((await hasFactor(tx.db, userId)) || (await repo.recoveryCodesLeft(tx.db, userId)) > 0) return undefined;
  const codes = await renewRecoveryCodes(tx.db, userId, tx.clock.now());
  await audit.record(tx, { action: 'second_factor_codes_renewed', recordType: 'user', recordId: userId });
  return codes;
}

/** Ten new recovery codes for the account (the old ones stop working); answers them in clear, once. */
export async function renewRecoveryCodes(db: Executor, userId: number, at: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await repo.replaceRecoveryCodes(db, userId, codes.map(recoveryCodeHash), at);
  return codes;
}
