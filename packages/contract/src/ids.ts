import { z } from 'zod';

/** Record ids are PostgreSQL `integer`s: a larger number cannot name a record, so it is refused up front. */
export const MAX_RECORD_ID = 2_147_483_647;
const message = "L'identifiant doit être un nombre entier positif (tel que l'application l'envoie).";

/** An id in a JSON body; a missing one is a choice not made (a select left empty), said so. */
export const RecordIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'Ce champ est obligatoire.' : message) })
  .int({ message })
  .positive({ message })
  .max(MAX_RECORD_ID, { message });
/**
 * Path and query values are text. `Number()` reads far more than the digits the app sends (` 1`,
 * `0x10`, `1e3`, `+1`, `1.0`), so a mangled or crafted address could still name a record: only plain
 * decimal digits without a leading zero are numbers here.
 */
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/** A whole number in a path or a query string: digits only, then the number's own rules. */
export const decimalParam = (schema: z.ZodNumber, text = message) =>
  z
    .string({ message: text })
    .regex(DECIMAL, { message: text })
    .transform((digits) => Number(digits))
    .pipe(schema);

/**
 * A whole number a query string, a path or a JSON body may carry (a year, a page, a letter's rank): a
 * JSON number as JSON reads it, a text only as plain decimal digits (`2026`, never `0x7ea`, `2026.0`,
 * `02026` or ` 2026`, which `z.coerce.number` read as numbers). Any other text reaches `schema` as
 * text, which refuses it with its own French message.
 */
export const wholeNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' && DECIMAL.test(value) ? Number(value) : value), schema);

/**
 * A sentence of this file behind a field's label, as the forms' messages read: « Date : l'année doit
 * être comprise entre 1900 et 2200. » (the label names the field once; the sentence goes on in lower case).
 */
export const labelled = (label: string, sentence: string) =>
  `${label} : ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`;

/** An id in a JSON body whose message names what it identifies (« Document : l'identifiant doit… »). */
export const labelledRecordId = (label: string, text = labelled(label, message)) =>
  z
    .number({ message: text })
    .int({ message: text })
    .positive({ message: text })
    .max(MAX_RECORD_ID, { message: text });

/** An id in a path or a query string (strict decimal text). */
export const RecordIdParamSchema = decimalParam(RecordIdSchema);

/**
 * An id read from text outside a route's schema (the payment notification's `vads_order_id`): the same
 * rule as a path id, undefined for anything else, so `" 3"`, `"0x3"`, `"3e0"`, `"+3"` or `"03"` name no record.
 */
export const recordIdOfText = (text: string | undefined): number | undefined => {
  const parsed = RecordIdParamSchema.safeParse(text);
  return parsed.success ? parsed.data : undefined;
};

/**
 * An id a body field may carry as a JSON number (the web app's JSON calls, its form checks) or as text (a
 * multipart field): the number as JSON reads it, the text as plain decimal digits like a path id.
 */
export const labelledRecordIdField = (label: string, text = labelled(label, message)) =>
  z.union([labelledRecordId(label, text), decimalParam(labelledRecordId(label, text), text)], {
    error: text,
  });

/** An id in a search path where 0 means "all". */
export const RecordIdOrAllParamSchema = decimalParam(
  z.number({ message }).int({ message }).min(0, { message }).max(MAX_RECORD_ID, { message }),
);

/** Whether yyyy-mm-dd names a day of the calendar (2026-02-30 and 2026-13-01 do not). */
export const isRealDay = (isoDay: string) => {
  const parsed = Date.parse(`${isoDay}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(isoDay);
};

/** Days outside these years are typing mistakes (and year 0 is no date PostgreSQL knows). */
export const isPlausibleYear = (isoDay: string) => {
  const year = Number(isoDay.slice(0, 4));
  return year >= 1900 && year <= 2200;
};
export const IMPLAUSIBLE_YEAR_MESSAGE = "L'année doit être comprise entre 1900 et 2200.";
