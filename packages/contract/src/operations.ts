/** What the operators' probes answer (issue 19): nothing personal, no version of anything. */
import { z } from 'zod';

/** `GET /api/health`: the process serves (no database call). */
export const HealthSchema = z.object({ statut: z.literal('ok') });
/** `GET /api/ready` when the instance can serve: the database answers and every migration is applied. */
export const ReadySchema = z.object({ statut: z.literal('prêt') });
