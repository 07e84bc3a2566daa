/**
 * The sign-in rules of DECISIONS §2 that are not the attempts' limits (those are in
 * sign-in-attempts/rules.ts): how long links live, how many reset e-mails an address gets, who may sign in.
 */

/** Reset e-mails to one address: further requests within the hour answer the same and send nothing. */
export const RESET_REQUEST_LIMIT = {
  maxEmails: 3,
  windowMs: 3600_000,
};

export const RESET_LINK_TTL_MS = 3600_000;
export const INVITATION_LINK_TTL_MS = 7 * 24 * 3600_000;

/** Sign-in is only for active users who hold USER (specification §6). */
export function canSignIn(user: { etat: string; habilitations: readonly string[] }): boolean {
  return user.etat === 'A' && user.habilitations.includes('USER');
}
