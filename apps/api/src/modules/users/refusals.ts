/**
 * The refusals of a taken identifiant or e-mail address. The service checks before writing (a clear
 * message naming the value); the unique indexes of the users table judge the requests that slip between
 * the check and the write. Both answer the same code: `identifiant_taken`, `email_taken`.
 */
import type { Refusal } from '../../lib/constraints';
import { refused } from '../../lib/errors';
import { USER_UNIQUE } from './account-repository';

/** Another account already holds the address (the service's check). */
export const emailTaken = (email: string) =>
  refused('email_taken', `L'adresse e-mail ${email} est déjà utilisée par un autre compte.`);

/** Another account already holds the identifiant (the service's check). */
export const identifiantTaken = (identifiant: string) =>
  refused('identifiant_taken', `L'identifiant « ${identifiant} » est déjà pris : choisissez-en un autre.`);

/**
 * The 412s for a unique violation of the users table: another request took the identifiant or the
 * address between the service's check and the write (guardConstraint lets any other error through).
 */
export function raceRefusals(fields: { identifiant: string; email: string }): Record<string, Refusal> {
  return {
    [USER_UNIQUE.identifiant]: {
      code: 'identifiant_taken',
      message: `L'identifiant « ${fields.identifiant} » vient d'être pris par un autre compte : choisissez-en un autre.`,
    },
    [USER_UNIQUE.email]: {
      code: 'email_taken',
      message: `L'adresse e-mail ${fields.email} vient d'être prise par un autre compte.`,
    },
  };
}
