/**
 * Signing in with a passkey (issue 22): the server's options, the browser's ceremony
 * (`@simplewebauthn/browser`), then the token grant: `passkey` alone, or `mfa_webauthn` as the second
 * step of a password. The browser's refusals become a French sentence (`passkeyErrorMessage`).
 */
import { useMutation } from '@tanstack/react-query';
import { API, type UserInfo } from '@union/contract';
import { ApiError, api } from '../../../lib/api-client';
import { RequestOptionsSchema } from '../../../lib/webauthn-options';
import { requestPasskeyGrant } from './request-token';
import { openSession } from './sign-in';

export async function signInWithPasskey(mfaToken?: string): Promise<UserInfo> {
  const options = await api.post(API.passkeys.signInOptions, mfaToken ? { mfa_token: mfaToken } : {}, {
    auth: false,
    schema: RequestOptionsSchema,
  });
  // The ceremony's library comes with the first passkey sign-in, not with the login page.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const assertion = await startAuthentication({ optionsJSON: options });
  return openSession(await requestPasskeyGrant(assertion, mfaToken));
}

export function usePasskeySignIn() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (mfaToken?: string) => signInWithPasskey(mfaToken),
  });
}

/** What to tell the person when a passkey ceremony fails, from the browser or the server. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body.message ?? 'La clé d’accès n’a pas été acceptée.';
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'La clé d’accès n’a pas été utilisée : la demande a été annulée ou le délai est dépassé. Réessayez.';
  if (name === 'InvalidStateError') return 'Cette clé d’accès est déjà enregistrée pour votre compte.';
  if (name === 'SecurityError' || name === 'NotSupportedError' || !window.PublicKeyCredential)
    return 'Ce navigateur ne permet pas d’utiliser une clé d’accès ici.';
  return 'La clé d’accès n’a pas pu être utilisée. Réessayez, ou connectez-vous avec votre mot de passe.';
}
