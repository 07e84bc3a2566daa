/**
 * Arrays bound as one parameter each, for set-based writes (`INSERT … SELECT FROM unnest(…)`): a batch
 * of thousands of rows is one statement with a handful of parameters, far under the protocol's limit
 * of 65,535 parameters that a multi-row VALUES list would reach.
 */
import { sql } from 'drizzle-orm';

export const textArray = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;
export const intArray = (values: number[]) => sql`${sql.param(values)}::int4[]`;

/** The rows a statement of `db.execute` returned, whichever driver answered (both name them `rows`). */
export const returnedRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
