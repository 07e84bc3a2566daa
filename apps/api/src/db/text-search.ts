/**
 * What the searches by typed words share (the header's search, issue 33): the words, and a condition that
 * every one of them appears in a text, accents and case aside.
 */
import { and, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { escapeLike } from './like';

/** The words typed, at most ten (a longer text adds nothing but work). */
export const wordsOf = (q: string): string[] => [...new Set(q.split(/\s+/).filter(Boolean))].slice(0, 10);

/** Every word appears in `text` (accents and case aside; `%` and `_` typed are taken literally). */
export function everyWord(text: SQL, words: string[]): SQL {
  const folded = sql`immutable_unaccent(lower(${text}))`;
  return and(
    ...words.map((w) => sql`${folded} LIKE '%' || immutable_unaccent(lower(${escapeLike(w)})) || '%'`),
  )!;
}

/** Which entities' rows the caller sees: all of them, or these. */
export type EntityScope = 'all' | readonly number[];

/** `column` within the scope; no condition for `all`, none matching for an empty list. */
export const inScope = (column: Column, scope: EntityScope): SQL | undefined =>
  scope === 'all' ? undefined : scope.length ? inArray(column, [...scope]) : sql`false`;
