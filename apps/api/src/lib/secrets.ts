/** Random tokens and password hashing. Tokens are stored as SHA-256; passwords with argon2id. */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A new opaque token (256 bits, URL-safe). */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Algorithm 2 = argon2id.
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user is unknown so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoyHash ??= hashPassword(newToken()));
