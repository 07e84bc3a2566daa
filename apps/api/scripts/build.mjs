// `npm run build -w @union/api`: the server and the admin:create, migrate, backup and restore commands
// compiled to plain JavaScript in dist/, so production runs `node dist/server.js` (tsx stays a development
// tool), with the worker threads' code beside it (`untrusted-worker.js`). One ES module per entry:
// our code and the contract (TypeScript sources, which Node cannot load) are bundled; every npm package
// stays an import resolved from node_modules at run time. The SQL migrations are copied beside them: the
// code finds them at `./migrations/` next to itself (import.meta.url), in src/db as in dist.
//
// `--outdir DIR` (relative to apps/api) builds elsewhere: the API suite runs its process tests on a copy
// of its own (test/global-setup.ts), which the build test's own `npm run build` cannot remove under them.
// It stays inside apps/api, where Node finds node_modules for the packages left as imports.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const { outdir } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } }).values;
const dist = `${root}${outdir}`;

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'src/server.ts',
    'create-admin': 'scripts/create-admin.ts',
    // The threads that read uploaded files load it beside server.js (src/lib/untrusted/pool.ts).
    'untrusted-worker': 'src/untrusted-worker.ts',
    migrate: 'scripts/migrate.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // Bare specifiers are npm packages, except our own workspace packages (TypeScript sources).
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@union/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
