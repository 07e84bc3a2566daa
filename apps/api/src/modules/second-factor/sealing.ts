/**
 * The authenticators' secrets sealed at rest (migration 0030, lib/secret-box.ts): opening one for a
 * check, a decoy when there is none, and the sealing of the rows still in clear at the server's start.
 */
import type { Executor } from '../../db/client';
import { secondFactorBox, type SecretBox } from '../../lib/secret-box';
import { newTotpSecret } from './codes';
import { secondFactorRepository as repo } from './repository';

/**
 * What a sealed secret is bound to: its account. A sealed secret copied onto another account's row does
 * not open (GCM's additional data), so a database writer cannot give themselves someone's authenticator.
 */
export const sealContext = (userId: number) => `totp_factors:${userId}`;

/** A sealed decoy per key, opened when there is no factor: a wrong code and an unknown token cost the same. */
const decoys = new WeakMap<SecretBox, string>();

/**
 * The clear secret of an authenticator row (sealed since migration 0030; clear until the start-up seals
 * it). Without a row, a decoy is opened the same way and undefined answered.
 */
export function secretOf(
  factor: { userId: number; secret: string | null; secretSealed: string | null } | undefined,
): string | undefined {
  const box = secondFactorBox();
  if (!factor) {
    let decoy = decoys.get(box);
    if (!decoy) decoys.set(box, (decoy = box.seal(newTotpSecret(), sealContext(0))));
    box.open(decoy, sealContext(0));
    return undefined;
  }
  if (factor.secretSealed !== null) return box.open(factor.secretSealed, sealContext(factor.userId));
  return factor.secret ?? undefined;
}

/**
 * At the server's start: seals the secrets still in clear (rows written before migration 0030), then
 * checks that the key opens a sealed one, so that a wrong SECOND_FACTOR_KEY stops the start with a French
 * message for the operator instead of failing every officer's sign-in. Safe on several instances at once.
 */
export async function sealTotpSecrets(db: Executor, box: SecretBox = secondFactorBox()): Promise<number> {
  let sealed = 0;
  for (;;) {
    const rows = await repo.clearSecrets(db, 100);
    for (const row of rows) {
      await repo.sealSecret(db, row.userId, row.secret!, box.seal(row.secret!, sealContext(row.userId)));
    }
    sealed += rows.length;
    if (rows.length < 100) break;
  }
  const sample = await repo.oneSealedSecret(db);
  if (sample?.sealed) box.open(sample.sealed, sealContext(sample.userId));
  return sealed;
}
