// Runs npm scripts side by side and prints each one's output whole when it ends, so that the logs of
// `npm test` stay readable. Fails when any of them fails (after all have ended, so every failure is
// printed). `npm test` runs the static checks with it (three scripts side by side).
//   node scripts/parallel.mjs typecheck lint format:check
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        process.stdout.write(
          `\n== ${script} (${seconds} s) ${code === 0 ? 'réussi' : `ÉCHEC (code ${code})`}\n`,
        );
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);
const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);
