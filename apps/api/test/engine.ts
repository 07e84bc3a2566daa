/** Which database engine the API suite runs on, and how to name a PostgreSQL database of the run. */
export const testEngine = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function databaseUrlFor(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${database}`;
  return url.toString();
}

/** Databases copied from a template are named after it, so a run drops only its own. */
export const copyPrefix = (template: string) => `${template.replace('union_tmpl_', 'union_t_')}_`;
