/**
 * An in-process load generator for the benchmarks that call a service or a server they started
 * themselves (compta.bench.ts): N calls at a fixed concurrency, throughput and latency percentiles.
 * The HTTP figures beside their floor are http.ts's; these print numbers and never assert.
 */
import { performance } from 'node:perf_hooks';

export interface Measure {
  name: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `send` `requests` times, `concurrency` at once; `send` resolves to true when the answer was right. */
export async function measure(
  name: string,
  send: (i: number) => Promise<boolean>,
  {
    requests,
    concurrency,
    warmup = Math.min(50, requests),
  }: { requests: number; concurrency: number; warmup?: number },
): Promise<Measure> {
  for (let i = 0; i < warmup; i++) await send(i);
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        const t0 = performance.now();
        const ok = await send(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests,
    concurrency,
    perSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** Prints measures as an aligned table. */
export function report(title: string, measures: Measure[], notes: string[] = []) {
  console.log(`\n## ${title}`);
  console.table(
    measures.map((m) => ({
      mesure: m.name,
      requêtes: m.requests,
      concurrence: m.concurrency,
      'req/s': Math.round(m.perSecond),
      'p50 ms': m.p50.toFixed(1),
      'p95 ms': m.p95.toFixed(1),
      'p99 ms': m.p99.toFixed(1),
      erreurs: m.errors,
    })),
  );
  for (const note of notes) console.log(note);
}

/** Peak resident memory seen while `work` runs, sampled every 20 ms, in MiB. */
export async function peakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMiB: peak / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}
