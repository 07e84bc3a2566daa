/** The second factor (issue 22): authenticator codes, recovery codes, sessions, who must have one. */
import { z } from 'zod';
import { HabilitationSchema } from './habilitations';

/** Six digits of the authenticator (RFC 6238), spaces allowed (« 123 456 »). */
export const TotpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^[0-9]{6}$/, { message: 'Code : saisissez les 6 chiffres affichés par l’application.' }),
    ),
});
export type TotpCode = z.input<typeof TotpCodeSchema>;

/**
 * The current password, asked again before a second factor is added (POST /api/user/second-facteur/totp,
 * POST /api/user/cles-acces/options): a session alone does not add one.
 */
export const CurrentPasswordSchema = z.object({
  motDePasse: z.string().min(1, { message: 'Saisissez votre mot de passe actuel.' }).max(1000),
});
export type CurrentPassword = z.input<typeof CurrentPasswordSchema>;

/** A code that proves the person holds the factor: six digits, or one of the recovery codes. */
export const SecondFactorProofSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { message: 'Code : saisissez un code de l’application ou un code de secours.' })
    .max(100, { message: 'Code : 100 caractères au plus.' }),
});
export type SecondFactorProof = z.input<typeof SecondFactorProofSchema>;

/** GET /api/user/second-facteur: what the account has, and whether (and until when) it must have one. */
export const SecondFactorStatusSchema = z.object({
  totp: z.boolean(),
  codesSecoursRestants: z.number().int(),
  obligatoire: z.boolean(),
  /** End of the grace period (ISO instant) when a factor is required and missing; null otherwise. */
  avant: z.string().nullable(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** An enrolment started: the secret to type, the otpauth:// URI and its QR code (an SVG data URL). */
export const TotpEnrolmentSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  qr: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** Recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** POST /oauth/second-facteur/totp: the `mfa_token` of a sign-in that must enrol first. */
export const EnrolmentTokenSchema = z.object({
  mfa_token: z.string().min(1, { message: 'Le jeton de connexion manque : reconnectez-vous.' }).max(200),
});

/** One place where the person is signed in. */
export const SessionRowSchema = z.object({
  id: z.number().int(),
  appareil: z.string(),
  adresse: z.string().nullable(),
  ouverture: z.string(),
  derniereUtilisation: z.string(),
  /** The session making this call. */
  courante: z.boolean(),
  /**
   * Opened before the account's second factor was enabled (its earliest present factor): by the password
   * alone. DELETE /api/user/sessions/avant-second-facteur ends these, but the current one.
   */
  avantSecondFacteur: z.boolean(),
});
export type SessionRow = z.infer<typeof SessionRowSchema>;
export const SessionListSchema = z.array(SessionRowSchema);

/** DELETE /api/user/sessions/avant-second-facteur: how many sessions were ended. */
export const SessionsEndedSchema = z.object({ terminees: z.number().int() });
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

/** GET and PUT /api/parametres/second-facteur. */
export const SecondFactorSettingsSchema = z.object({
  habilitations: z.array(HabilitationSchema).max(20),
  delaiJours: z
    .number({ message: 'Délai : un nombre de jours.' })
    .int({ message: 'Délai : un nombre entier de jours.' })
    .min(0, { message: 'Délai : 0 jour au moins.' })
    .max(365, { message: 'Délai : 365 jours au plus.' }),
});
export type SecondFactorSettings = z.infer<typeof SecondFactorSettingsSchema>;
