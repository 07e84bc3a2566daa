/**
 * French alphabetical order in SQL, the same on PGlite and PostgreSQL. The databases' collations differ
 * (PGlite has no ICU, a "C" database puts "Élodie" after "Nathalie" and "b" after "Z"), so names are compared
 * without accents and case first (`immutable_unaccent`, migration 0006), then as written, so the order is
 * total and stable.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export function frenchOrder(column: SQLWrapper): SQL[] {
  return [sql`immutable_unaccent(lower(${column}))`, sql`${column}`];
}
