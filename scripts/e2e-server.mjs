// Starts the app for the end-to-end journeys on a fresh embedded database (demo data included),
// and removes that database when Playwright stops the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'union-e2e-'));
const server = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
  cwd: new URL('..', import.meta.url),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
