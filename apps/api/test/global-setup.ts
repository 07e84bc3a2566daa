/**
 * Migrates one database for the whole run, then each test file starts from a copy of it:
 * a PGlite dump loaded in memory, or a PostgreSQL database created from a template.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PGLITE_EXTENSIONS, fromPglite, fromPostgres } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { FAST_COMMITS, copyPrefix, databaseUrlFor, testEngine } from './engine';
import { buildForProcessTests } from './processes';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  buildForProcessTests();
  if (testEngine() === 'postgres') {
    const template = `union_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.query(FAST_COMMITS(template));
    const handle = fromPostgres(databaseUrlFor(template));
    await migrate(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpPath', '');
    return async () => {
      // Test files drop their own copies; drop those this run's crashed workers left, then the
      // template. Only this run's: another run on the same server keeps its databases.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${copyPrefix(template)}%'`,
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrate(fromPglite(client));
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), 'union-test-'));
  const path = join(dir, 'migrated.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpPath', path);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
