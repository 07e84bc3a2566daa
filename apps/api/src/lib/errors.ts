import type { ErrorCode } from '@union/contract';

/**
 * Business errors with their HTTP status. Services throw these; the error plugin turns them into the
 * one error body `{status, error, message, details?}`. Messages are French: the user reads them. The code
 * is one of the contract's catalogue (`ERROR_CODES`): a new refusal adds its code there first.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: string[],
    /** Fields of the body beyond the four (the `mfa_token` of the token request's `mfa_required`). */
    readonly extra?: {
      error_description?: string;
      mfa_token?: string;
      facteurs?: ('totp' | 'cle_acces' | 'code_secours')[];
    },
  ) {
    super(message);
  }
}

/** 412: the input or the record's state does not allow it; the message says what to change. */
export const invalid = (message: string, details?: string[]) =>
  new AppError(412, 'precondition_failed', message, details);
/** 412 with its own error code: a business refusal the caller (or a test) can tell apart from others. */
export const refused = (code: ErrorCode, message: string, details?: string[]) =>
  new AppError(412, code, message, details);
/** 403: the caller has no right to this; says nothing of the record. */
export const forbidden = (message = "Vous n'êtes pas autorisé à effectuer cette action.") =>
  new AppError(403, 'forbidden', message);
/** 404: no such record (or one the caller may not know of). */
export const notFound = (message = "Ce contenu n'existe pas.") => new AppError(404, 'not_found', message);
/** 401: no valid session. */
export const unauthenticated = (message = 'Vous devez vous connecter.') =>
  new AppError(401, 'unauthorized', message);
