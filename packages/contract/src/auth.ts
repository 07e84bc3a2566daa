/** Sign-in, session and own-account calls (specification §7 "Authentication and user"). */
import { z } from 'zod';
import { HabilitationSchema } from './habilitations';
import { AuthenticationResponseSchema } from './passkeys';

export const PASSWORD_MIN_LENGTH = 12;

/** Form body of POST /oauth/token (password grant). */
export const TokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().min(1),
  password: z.string().min(1),
});

/**
 * Form body of POST /oauth/token's second step (issue 22): the `mfa_token` the password step answered
 * with `mfa_required` (or `mfa_enrolment_required`), and a code: six digits of the authenticator or a
 * recovery code. `docs/decisions/auth-and-sessions.md`.
 */
export const SecondFactorGrantSchema = z.object({
  grant_type: z.literal('mfa_otp'),
  mfa_token: z.string().min(1).max(200),
  otp: z.string().min(1).max(100),
});

/** A passkey's assertion in a form field: the browser's `AuthenticationResponseJSON`, as a JSON string. */
const AssertionFieldSchema = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Réponse de la clé d’accès illisible.' });
      return z.NEVER;
    }
  })
  .pipe(AuthenticationResponseSchema);

/** The second step with a passkey (issue 22): the `mfa_token` of the password step and the assertion. */
export const PasskeySecondStepGrantSchema = z.object({
  grant_type: z.literal('mfa_webauthn'),
  mfa_token: z.string().min(1).max(200),
  assertion: AssertionFieldSchema,
});

/** A sign-in with a passkey alone (issue 22): the assertion of a discoverable credential, verified. */
export const PasskeyGrantSchema = z.object({
  grant_type: z.literal('passkey'),
  assertion: AssertionFieldSchema,
});

/** Every grant the token request takes. */
export const TokenGrantSchema = z.discriminatedUnion('grant_type', [
  TokenRequestSchema,
  SecondFactorGrantSchema,
  PasskeySecondStepGrantSchema,
  PasskeyGrantSchema,
]);

export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
  /** Only when the second step confirmed the enrolment a sign-in required: shown once, never again. */
  codes_secours: z.array(z.string()).optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const UserInfoSchema = z.object({
  habilitations: z.array(HabilitationSchema),
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Generic `{data}` body of the account calls (specification §7). */
export const DataBodySchema = z.object({ data: z.string() });
export type DataBody = z.infer<typeof DataBodySchema>;

/** `{data}` holding an e-mail address: reset request, e-mail change. */
export const EmailBodySchema = z.object({
  data: z
    .string()
    .trim()
    .pipe(z.email({ message: "Le format de l'e-mail est invalide." })),
});

/** `{data}` holding a telephone number: digits, spaces, dots, dashes, an optional leading +; empty clears it. */
export const TelephoneBodySchema = z.object({
  data: z
    .string()
    .trim()
    .regex(/^(\+?[0-9][0-9 .-]{5,19})?$/, {
      message: 'Le numéro de téléphone est invalide (exemple : 04 78 00 00 00).',
    }),
});

/**
 * A new password: long enough (the server also refuses the identifiant and the e-mail, which the
 * screens do not know before asking).
 */
export const NewPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH, {
  message: `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`,
});

/** POST /api/user/password: the new password in `data`, the current one in `actuel`. */
export const PasswordChangeSchema = z.object({
  data: NewPasswordSchema,
  actuel: z.string().min(1, { message: 'Saisissez votre mot de passe actuel.' }),
});
export type PasswordChange = z.infer<typeof PasswordChangeSchema>;

/** POST /api/user/password/reinitialiser: the link's token and the chosen password (public). */
export const PasswordResetSchema = z.object({
  jeton: z.string().min(1, { message: 'Le lien est incomplet : utilisez le lien reçu par e-mail tel quel.' }),
  data: NewPasswordSchema,
});
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

export const NotificationFlagSchema = z.object({
  data: z.enum(['1', '0'], {
    message: 'La valeur vaut « 1 » (notifications activées) ou « 0 » (désactivées).',
  }),
});

/** GET /api/user/compte: what the account page shows and edits. */
export const AccountSchema = z.object({
  id: z.number().int(),
  identifiant: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  notificationRestauration: z.boolean(),
  notificationDocuments: z.boolean(),
  /** The broadcast messages sent by e-mail too (issue 21; on by default, one-click off from each e-mail). */
  notificationMessages: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;
