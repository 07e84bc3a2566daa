/**
 * The caller as services see it, and the checks every policy builds on. Kept free of HTTP so that
 * policies can be tested as plain tables.
 */
import type { Habilitation, UserInfo } from '@union/contract';
import { forbidden } from './errors';

export interface Caller {
  id: number;
  habilitations: readonly Habilitation[];
}

/** The signed-in user as the session knows them: the caller plus the names the header shows. */
export type SessionUser = Caller & UserInfo;

export function hasHabilitation(caller: Caller, habilitation: Habilitation): boolean {
  return caller.habilitations.includes(habilitation);
}

/** Throws 403 unless the caller holds the habilitation. */
export function requireHabilitation(caller: Caller, habilitation: Habilitation): void {
  if (!hasHabilitation(caller, habilitation)) throw forbidden();
}

/** Throws 403 unless `allowed` holds; the one-line form policies use right after loading a record. */
export function authorize(allowed: boolean, message?: string): asserts allowed {
  if (!allowed) throw forbidden(message);
}
