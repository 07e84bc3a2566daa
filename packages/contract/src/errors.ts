/** The one error body every failing call answers (ARCHITECTURE, rule 5). */
import { z } from 'zod';

export const ErrorBodySchema = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
  details: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The OAuth failure of POST /oauth/token (specification §8: passed to the caller as is). */
export const OAuthErrorSchema = z.object({
  error: z.literal('invalid_grant'),
  error_description: z.string().optional(),
});
