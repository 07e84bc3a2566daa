/**
 * HTTP benchmarks as users meet the server: the server runs in its own process (the compiled
 * application, `node dist/server.js`, or the floor), autocannon loads it from this one. Numbers only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Dataset } from './dataset';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  url: string;
  /** The server process's id (its memory is read from /proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The ports the benchmarks may use: 8096–8099 by default, or BENCH_PORTS (`8270-8279`) where several
 * people share the machine and each has a range of their own.
 */
const [FIRST_PORT, LAST_PORT] = (process.env.BENCH_PORTS ?? '8096-8099').split('-').map(Number) as [
  number,
  number,
];

/** The first free port among those the benchmarks may use. */
export async function freePort(): Promise<number> {
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`Aucun port libre entre ${FIRST_PORT} et ${LAST_PORT}.`);
}

async function startProcess(command: string, args: string[], env: Record<string, string>, port: number) {
  const child: ChildProcess = spawn(command, args, {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  // A server that dies under load would leave autocannon retrying for ever: say so and stop.
  child.once('exit', (code) => {
    if (stopping) return;
    writeSync(2, `${args.join(' ')} s'est arrêté (code ${code}) :\n${output}\n`);
    process.exit(1);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start:\n${output}`);
    const up = await fetch(`${url}/api/user/info`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The application as deployed: compiled (npm run build -w @union/api), NODE_ENV=production. */
export function startApp(data: Dataset, port: number, nodeArgs: string[] = []): Promise<RunningServer> {
  return startProcess(
    process.execPath,
    [...nodeArgs, 'dist/server.js'],
    {
      ...data.env,
      NODE_ENV: 'production',
      OAUTH_CLIENT_SECRET: 'secret-du-banc-d-essai',
      // Production refuses the documentation's public test key: the bench brings its own (no real shop).
      SYSTEMPAY_KEY: 'cle-systempay-du-banc-d-essai',
      // Production wants the second factor's key from outside: 32 bytes of the bench's own, base64.
      SECOND_FACTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Request logs off, like the floor: the figures compare the request path, not the log volume.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      WEB_DIST: '/nonexistent',
      // No e-mail to send: the outbox worker polls rarely.
      MAIL_POLL_MS: '600000',
    },
    port,
  );
}

/** The floor: the same SQL behind a bare Fastify route (bench/floor.ts). */
export function startFloor(data: Dataset, port: number): Promise<RunningServer> {
  return startProcess(process.execPath, ['--import', 'tsx', 'bench/floor.ts'], data.floorEnv, port);
}

export interface Load {
  method?: 'GET' | 'POST';
  /** Paths (and bodies) taken in turn, one per request. */
  requests: (i: number) => { path: string; body?: unknown };
  connections: number;
  /** Number of requests measured (after a warm-up of a tenth as many). */
  amount: number;
  /**
   * Whether the client sends the XSRF cookie and header as a browser does (the default). False: a client
   * that keeps no cookie (a script, a load tester from outside), which the server must not charge for one.
   */
  xsrfCookie?: boolean;
  /** Whose session the requests carry: the dataset's administrator unless said (`Dataset.tokens`). */
  token?: string;
}

export interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface Sample {
  latencies: number[];
  requests: number;
  seconds: number;
  errors: number;
}

async function cannon(url: string, token: string, load: Load, amount: number): Promise<Sample> {
  let counter = 0;
  const latencies: number[] = [];
  let errors = 0;
  const options: autocannon.Options = {
    url,
    connections: load.connections,
    amount,
    requests: [
      {
        method: load.method ?? 'GET',
        setupRequest: (request) => {
          const { path, body } = load.requests(counter++);
          return {
            ...request,
            path,
            headers: {
              authorization: `Bearer ${token}`,
              ...(load.xsrfCookie === false ? {} : { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' }),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          };
        },
      },
    ],
  };
  const start = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode !== 200) errors++;
    });
  });
  return {
    latencies,
    requests: latencies.length,
    seconds: (performance.now() - start) / 1000,
    errors: errors + result.errors + result.timeouts,
  };
}

const figures = (samples: Sample[]): Figures => {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    perSecond: samples.reduce((sum, s) => sum + s.requests, 0) / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
};

/**
 * Measures `load` on the application and on its floor, both running, in alternating rounds (after a
 * warm-up of each): on a shared machine whose load drifts, both see the same conditions.
 */
export async function measurePair(
  app: RunningServer,
  floor: RunningServer,
  token: string,
  load: Load,
  rounds = 4,
): Promise<{ app: Figures; floor: Figures }> {
  token = load.token ?? token;
  const warmup = Math.max(20, Math.round(load.amount / 10));
  await cannon(app.url, token, load, warmup);
  await cannon(floor.url, token, load, warmup);
  const appSamples: Sample[] = [];
  const floorSamples: Sample[] = [];
  const perRound = Math.ceil(load.amount / rounds);
  for (let round = 0; round < rounds; round++) {
    // Which goes first alternates too.
    const order = round % 2 === 0 ? ([app, floor] as const) : ([floor, app] as const);
    for (const server of order) {
      const sample = await cannon(server.url, token, load, perRound);
      (server === app ? appSamples : floorSamples).push(sample);
    }
  }
  return { app: figures(appSamples), floor: figures(floorSamples) };
}

/** One figure of the report: a load, its unit, and whether its ratio reads as throughput or latency. */
export interface Scenario {
  figure: string;
  load: (data: Dataset) => Load;
  /** What the table shows: throughput (req/s, higher is better) and/or the 95th percentile (ms). */
  metrics: ('perSecond' | 'p95')[];
  /** The goal, as text, printed beside the numbers (never asserted). */
  target?: string;
}
