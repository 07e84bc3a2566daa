/** A period of days, both included: the FEC, a lodge's statement, the cheque deposit slip (one rule). */
import { z } from 'zod';
import { IsoDateSchema } from './reservations';

export const PERIOD_ORDER_MESSAGE = 'La date de début doit précéder la date de fin.';

/** `du` to `au`; `au` before `du` is refused with one sentence, wherever a period is asked. */
export const PeriodQuerySchema = z
  .object({ du: IsoDateSchema, au: IsoDateSchema })
  .refine((p) => p.du <= p.au, { message: PERIOD_ORDER_MESSAGE, path: ['au'] });
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;
