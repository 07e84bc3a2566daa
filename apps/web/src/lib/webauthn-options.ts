/**
 * The WebAuthn options the server sends (issue 22), as response schemas for the api client. The contract
 * checks what the screens rely on (a loose object with its challenge); the rest of the shape belongs to
 * the WebAuthn specification, which `@simplewebauthn/browser` and the browser check when they use it.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { ResponseSchema } from './api-client';

function optionsOf<T>(): ResponseSchema<T> {
  return {
    // Loaded with the first ceremony: the login page offers one, and keeps its first load small.
    safeParse: async (value) => {
      const { WebauthnOptionsSchema } = await import('./sign-in-schemas');
      const parsed = WebauthnOptionsSchema.safeParse(value);
      return parsed.success ? { success: true, data: parsed.data as T } : parsed;
    },
  };
}

/** The options of adding a passkey (`navigator.credentials.create`). */
export const CreationOptionsSchema = optionsOf<PublicKeyCredentialCreationOptionsJSON>();
/** The options of signing in with one (`navigator.credentials.get`). */
export const RequestOptionsSchema = optionsOf<PublicKeyCredentialRequestOptionsJSON>();
