/** The calls of signing in and out, of one's sessions, passkeys and second factor (issue 22). */
import { z } from 'zod';
import { EmailBodySchema, PasswordResetSchema, TokenResponseSchema, UserInfoSchema } from '../auth';
import { ErrorBodySchema } from '../errors';
import { RecordIdParamSchema } from '../ids';
import {
  PasskeyAddedSchema,
  PasskeyListSchema,
  PasskeyRegistrationSchema,
  PasskeyRegistrationStartSchema,
  PasskeyRenameSchema,
  PasskeyRowSchema,
  PasskeySignInStartSchema,
  WebauthnOptionsSchema,
} from '../passkeys';
import { API } from '../routes';
import {
  CurrentPasswordSchema,
  EnrolmentTokenSchema,
  RecoveryCodesSchema,
  SecondFactorProofSchema,
  SecondFactorSettingsSchema,
  SecondFactorStatusSchema,
  SessionListSchema,
  SessionsEndedSchema,
  TotpCodeSchema,
  TotpEnrolmentSchema,
} from '../second-factor';
import { defineCall } from './define';

/** The `:id` of a path: a record's id, written in decimal. */
export const IdParamsSchema = z.object({ id: RecordIdParamSchema });

export const AUTH_CALLS = {
  /** The body is a form (application/x-www-form-urlencoded) the handler reads itself: no schema. */
  token: defineCall({ method: 'POST', path: API.auth.token, responses: { 200: TokenResponseSchema } }),
  signOut: defineCall({ method: 'DELETE', path: API.auth.token, responses: { 204: z.null() } }),
  userInfo: defineCall({ method: 'GET', path: API.auth.userInfo, responses: { 200: UserInfoSchema } }),
  /** Asks for a reset link (public): the same 204 whether the address is known or not. */
  requestPasswordReset: defineCall({
    method: 'PATCH',
    path: API.users.password,
    body: EmailBodySchema,
    responses: { 204: z.null(), 412: ErrorBodySchema },
  }),
  resetPassword: defineCall({
    method: 'POST',
    path: API.auth.passwordReset,
    body: PasswordResetSchema,
    responses: { 204: z.null(), 412: ErrorBodySchema },
  }),
  passkeySignInOptions: defineCall({
    method: 'POST',
    path: API.passkeys.signInOptions,
    body: PasskeySignInStartSchema,
    responses: { 200: WebauthnOptionsSchema },
  }),
  sessions: defineCall({ method: 'GET', path: API.auth.sessions, responses: { 200: SessionListSchema } }),
  /** Ends one's sessions opened before the second factor was enabled, all but the caller's. */
  endSessionsBeforeSecondFactor: defineCall({
    method: 'DELETE',
    path: API.auth.sessionsBeforeSecondFactor,
    responses: { 200: SessionsEndedSchema },
  }),
  endSession: defineCall({
    method: 'DELETE',
    path: API.auth.session,
    params: IdParamsSchema,
    responses: { 204: z.null() },
  }),
} as const;

export const PASSKEY_CALLS = {
  list: defineCall({ method: 'GET', path: API.passkeys.mine, responses: { 200: PasskeyListSchema } }),
  registrationOptions: defineCall({
    method: 'POST',
    path: API.passkeys.registrationOptions,
    body: PasskeyRegistrationStartSchema,
    responses: { 200: WebauthnOptionsSchema },
  }),
  register: defineCall({
    method: 'POST',
    path: API.passkeys.mine,
    body: PasskeyRegistrationSchema,
    responses: { 201: PasskeyAddedSchema },
  }),
  rename: defineCall({
    method: 'PATCH',
    path: API.passkeys.one,
    params: IdParamsSchema,
    body: PasskeyRenameSchema,
    responses: { 200: PasskeyRowSchema },
  }),
  remove: defineCall({
    method: 'DELETE',
    path: API.passkeys.one,
    params: IdParamsSchema,
    responses: { 204: z.null() },
  }),
} as const;

export const SECOND_FACTOR_CALLS = {
  status: defineCall({
    method: 'GET',
    path: API.secondFactor.mine,
    responses: { 200: SecondFactorStatusSchema },
  }),
  startEnrolment: defineCall({
    method: 'POST',
    path: API.secondFactor.totp,
    body: CurrentPasswordSchema,
    responses: { 201: TotpEnrolmentSchema },
  }),
  confirmEnrolment: defineCall({
    method: 'PUT',
    path: API.secondFactor.totp,
    body: TotpCodeSchema,
    responses: { 200: RecoveryCodesSchema },
  }),
  remove: defineCall({
    method: 'DELETE',
    path: API.secondFactor.totp,
    body: SecondFactorProofSchema,
    responses: { 204: z.null() },
  }),
  newRecoveryCodes: defineCall({
    method: 'POST',
    path: API.secondFactor.recoveryCodes,
    body: SecondFactorProofSchema,
    responses: { 200: RecoveryCodesSchema },
  }),
  /** Public: the `mfa_token` of a sign-in that must enrol is the proof. */
  requiredEnrolment: defineCall({
    method: 'POST',
    path: API.secondFactor.enrolment,
    body: EnrolmentTokenSchema,
    responses: { 201: TotpEnrolmentSchema },
  }),
  reset: defineCall({
    method: 'DELETE',
    path: API.secondFactor.reset,
    params: IdParamsSchema,
    responses: { 204: z.null() },
  }),
  settings: defineCall({
    method: 'GET',
    path: API.secondFactor.settings,
    responses: { 200: SecondFactorSettingsSchema },
  }),
  saveSettings: defineCall({
    method: 'PUT',
    path: API.secondFactor.settings,
    body: SecondFactorSettingsSchema,
    responses: { 200: SecondFactorSettingsSchema },
  }),
} as const;
