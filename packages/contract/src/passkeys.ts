/**
 * Passkeys (WebAuthn, issue 22): the JSON of the ceremonies (the browser's `@simplewebauthn/browser`
 * reads the options and writes the responses; the shape is checked here, the content by the server's
 * `@simplewebauthn/server`), and one's own passkeys. docs/decisions/auth-and-sessions.md.
 */
import { z } from 'zod';
import { CurrentPasswordSchema } from './second-factor';

const b64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, { message: 'Réponse de la clé d’accès illisible.' });

/** A registration response (`RegistrationResponseJSON`). */
export const RegistrationResponseSchema = z.looseObject({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1).max(16384),
    transports: z.array(z.string().max(30)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** An authentication response (`AuthenticationResponseJSON`). */
export const AuthenticationResponseSchema = z.looseObject({
  id: b64url.min(1),
  rawId: b64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** The options the browser passes to `startRegistration` / `startAuthentication` (their JSON form). */
export const WebauthnOptionsSchema = z.looseObject({ challenge: z.string() });

const name = z
  .string()
  .trim()
  .min(1, { message: 'Nom : donnez un nom à la clé d’accès (par exemple « Téléphone »).' })
  .max(60, { message: 'Nom : 60 caractères au plus.' });

/** POST /api/user/cles-acces/options: the current password, asked again before a factor is added. */
export const PasskeyRegistrationStartSchema = CurrentPasswordSchema;

/** POST /api/user/cles-acces: the name chosen and the browser's registration response. */
export const PasskeyRegistrationSchema = z.object({
  nom: name,
  reponse: RegistrationResponseSchema,
});
export type PasskeyRegistration = z.input<typeof PasskeyRegistrationSchema>;

/** PATCH /api/user/cles-acces/{id}. */
export const PasskeyRenameSchema = z.object({ nom: name });
export type PasskeyRename = z.input<typeof PasskeyRenameSchema>;

/** One of one's passkeys. */
export const PasskeyRowSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  creation: z.string(),
  derniereUtilisation: z.string().nullable(),
});
export type PasskeyRow = z.infer<typeof PasskeyRowSchema>;

/**
 * POST /api/user/cles-acces: the passkey added, and, when it is the account's first second factor,
 * its ten recovery codes (shown once), as an authenticator's enrolment gives them.
 */
export const PasskeyAddedSchema = PasskeyRowSchema.extend({ codesSecours: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof PasskeyAddedSchema>;
export const PasskeyListSchema = z.array(PasskeyRowSchema);

/**
 * POST /oauth/cle-acces/options (public): without `mfa_token`, the options of a sign-in without an
 * identifiant (a discoverable credential); with the `mfa_token` of a password step, those of its second step.
 */
export const PasskeySignInStartSchema = z.object({
  mfa_token: z.string().min(1).max(200).optional(),
});
