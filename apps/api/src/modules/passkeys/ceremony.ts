/**
 * What the passkeys' ceremonies share (issue 22): the relying party, the challenges (single use, five
 * minutes, spent by one UPDATE) and the bounds of the anonymous ones. docs/decisions/auth-and-sessions.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Executor } from '../../db/client';
import type { WebauthnPurpose } from '../../db/schema';
import { passkeysRepository as repo } from './repository';

/** How long a ceremony's challenge lives. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
/**
 * Live anonymous challenges (a sign-in without an identifiant asks for one before anyone is known): at
 * most this many per address, and in all. A person needs one at a time; a whole office behind one
 * address, a few; the total is far above the Union's sign-ins in five minutes.
 */
export const ANONYMOUS_CHALLENGES_PER_ADDRESS = 50;
export const ANONYMOUS_CHALLENGES_IN_ALL = 1000;
export const RP_NAME = "Intranet de l'Union";

export type Log = { info: (o: object, msg: string) => void };

/** The relying party: its id is the public address's host name, its origin the address's origin. */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

export const challengeHash = (challenge: string) => createHash('sha256').update(challenge).digest('hex');

/** The challenge a response signed, read from its clientDataJSON; '' when unreadable. */
export function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

export async function newChallenge(
  db: Executor,
  purpose: WebauthnPurpose,
  userId: number | null,
  now: Date,
  address?: string,
): Promise<Uint8Array<ArrayBuffer>> {
  // Given as bytes: the library sends their base64url, which is what the browser signs back.
  const bytes = new Uint8Array(randomBytes(32));
  const challenge = isoBase64URL.fromBuffer(bytes);
  await repo.insertChallenge(
    db,
    {
      challengeHash: challengeHash(challenge),
      userId,
      purpose,
      expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
      ...(address === undefined ? {} : { address }),
    },
    now,
  );
  return bytes;
}

/** The library's options, as the loose JSON object the contract describes (for a route's answer). */
export const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;
