import { z } from 'zod';

/** Record ids are PostgreSQL `integer`s: a larger number cannot name a record, so it is refused up front. */
export const MAX_RECORD_ID = 2_147_483_647;
const message = "L'identifiant doit être un nombre entier positif (tel que l'application l'envoie).";

/** An id in a JSON body. */
export const RecordIdSchema = z
  .number({ message })
  .int({ message })
  .positive({ message })
  .max(MAX_RECORD_ID, { message });
/** An id in a path or a query string (text, coerced). */
export const RecordIdParamSchema = z.coerce
  .number({ message })
  .int({ message })
  .positive({ message })
  .max(MAX_RECORD_ID, { message });

/** Days outside these years are typing mistakes (and year 0 is no date PostgreSQL knows). */
export const isPlausibleYear = (isoDay: string) => {
  const year = Number(isoDay.slice(0, 4));
  return year >= 1900 && year <= 2200;
};
export const IMPLAUSIBLE_YEAR_MESSAGE = "L'année doit être comprise entre 1900 et 2200.";
