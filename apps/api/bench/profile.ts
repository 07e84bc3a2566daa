/**
 * `npx tsx bench/profile.ts [connections] [seconds]`: a CPU profile of the compiled server under the
 * load of `GET /api/user/info` (PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else
 * PGlite), from a client that keeps no cookie. Build first (`npm run build`); the profile is written to
 * PROFILE_DIR (default /tmp/union-profile) as a .cpuprofile, and its heaviest functions are printed.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { prepareDataset } from './dataset';
import { freePort, startApp } from './http';

const connections = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 15);
const dir = process.env.PROFILE_DIR ?? '/tmp/union-profile';
mkdirSync(dir, { recursive: true });

const data = await prepareDataset(
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
);
try {
  const app = await startApp(data, await freePort(), ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const result = await autocannon({
    url: `${app.url}/api/user/info`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${data.token}` },
  });
  console.log(
    `${Math.round(result.requests.average)} req/s, p97.5 ${result.latency.p97_5} ms, ${result.non2xx} non-2xx`,
  );
  await app.stop();
} finally {
  await data.cleanup();
}

// Self time per function, heaviest first (the .cpuprofile opens in Chrome's DevTools for the rest).
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()
  .at(-1)!;
const profile = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { nodes: Node[]; samples: number[] };
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
for (const id of profile.samples) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + 1);
}
const total = profile.samples.length;
console.log(`${dir}/${file}: ${total} samples`);
for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${((n / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

// The same by package (node's own code and the runtime apart): where the process's time goes.
const byPackage = new Map<string, number>();
for (const id of profile.samples) {
  const { functionName, url } = byId.get(id)!.callFrame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const key = pkg ?? (url.includes('/dist/') ? 'the application' : url ? 'node' : functionName);
  byPackage.set(key, (byPackage.get(key) ?? 0) + 1);
}
console.log('\nBy package:');
for (const [key, n] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${((n / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}
