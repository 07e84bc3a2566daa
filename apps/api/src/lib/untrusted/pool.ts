/**
 * The pool of worker threads that reads the files users send (a PDF's text, a file's type, the member
 * import's workbook): parsing one on the main thread let a single 1 MB PDF bomb hold every other request
 * for minutes. Here each read runs in a worker (piscina) with
 * - a time limit: past it the worker is terminated (piscina replaces it) and the task answers `time`;
 * - a heap limit (`resourceLimits`): a worker that runs out of it dies alone and the task answers `memory`;
 * - a watchdog on the process's resident memory, for what the heap limit does not see (the buffers a
 *   parser allocates outside the JavaScript heap): past the allowance the worker is terminated too;
 * - one thread, at a lower priority (nice), so the other core keeps answering requests;
 * - one task at a time, in a bounded line: past it the task answers `busy` at once.
 * The caller turns each limit into its own answer (a PDF is stored without its text, an import is refused).
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/** Why a task gave up. */
export type Limit = 'time' | 'memory' | 'busy';

export const UNTRUSTED_LIMITS = {
  /** Time a task may run, in milliseconds. */
  timeMs: 5000,
  /** Heap of a worker, in MB. */
  heapMb: 256,
  /** Growth of the process's resident memory a task may cause, in bytes. */
  rssGrowthBytes: 192 * 1024 * 1024,
  /** Tasks waiting for the thread; more are answered `busy`. */
  queue: 16,
  /** Bytes a PDF's streams may inflate to in all before its text is read. */
  pdfInflatedBytes: 64 * 1024 * 1024,
};

/**
 * Where the worker's code is: src/untrusted-worker.ts under tsx and vitest (TypeScript, through
 * untrusted-worker-dev.mjs), `untrusted-worker.js` beside the bundle in production (scripts/build.mjs).
 */
function workerFile(): string {
  const here = import.meta.url;
  return fileURLToPath(
    new URL(here.endsWith('.ts') ? '../../untrusted-worker-dev.mjs' : './untrusted-worker.js', here),
  );
}

let pool: Piscina | undefined;

function thePool(): Piscina {
  if (!pool) {
    pool = new Piscina({
      filename: workerFile(),
      // Kept ready: a thread terminated on a limit is replaced at once.
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: 60_000,
      niceIncrement: 10,
      resourceLimits: { maxOldGenerationSizeMb: UNTRUSTED_LIMITS.heapMb, maxYoungGenerationSizeMb: 32 },
    });
  }
  return pool;
}

/**
 * A task of the worker (an export of src/untrusted-worker.ts): the caller names it and gives its type
 * (`runUntrusted<typeof pdfText>('pdfText', …)`), so lib/ knows no module's task.
 */
type Task = (input: never) => Promise<unknown>;
type Input<T extends Task> = Parameters<T>[0];
type Output<T extends Task> = Awaited<ReturnType<T>>;

/** How often the watchdog reads the resident memory, in milliseconds. */
const WATCH_MS = 25;

/**
 * One task at a time (the pool has one thread), in order: the limits then measure the task itself, not
 * its wait. `waiting` counts the tasks in line.
 */
let line: Promise<unknown> = Promise.resolve();
let waiting = 0;

/** Runs one task on the thread, under the time limit and the memory watchdog. */
async function runNow<T extends Task>(
  workers: Piscina,
  name: string,
  input: Input<T>,
  transferList?: ArrayBuffer[],
): Promise<{ value: Output<T> } | { limit: Limit }> {
  // A thread just started (the first task, or after one was terminated) loads its code first: that
  // time is not the file's, so it is spent before the clock starts.
  await workers.run(null, { name: 'warm' });
  const abort = new AbortController();
  let stopped: Limit | undefined;
  const stop = (limit: Limit) => {
    stopped ??= limit;
    abort.abort();
  };
  const timer = setTimeout(() => stop('time'), UNTRUSTED_LIMITS.timeMs);
  const baseline = process.memoryUsage.rss();
  const watchdog = setInterval(() => {
    if (process.memoryUsage.rss() - baseline > UNTRUSTED_LIMITS.rssGrowthBytes) stop('memory');
  }, WATCH_MS);
  try {
    return { value: (await workers.run(input, { name, signal: abort.signal, transferList })) as Output<T> };
  } catch (error) {
    if (stopped) return { limit: stopped };
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return { limit: 'memory' };
    throw error;
  } finally {
    clearTimeout(timer);
    clearInterval(watchdog);
  }
}

/**
 * Runs a task in the pool: its answer, or the limit that stopped it. Any other failure of the worker
 * (a bug of ours or of a parser) is thrown.
 */
export function runUntrusted<T extends Task>(
  name: string,
  input: Input<T>,
  transferList?: ArrayBuffer[],
): Promise<{ value: Output<T> } | { limit: Limit }> {
  if (waiting >= UNTRUSTED_LIMITS.queue) return Promise.resolve({ limit: 'busy' });
  waiting++;
  const turn = line.then(() => {
    waiting--;
    return runNow<T>(thePool(), name, input, transferList);
  });
  line = turn.catch(() => undefined);
  return turn;
}
