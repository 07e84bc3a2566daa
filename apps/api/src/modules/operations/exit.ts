/**
 * The process's end, whatever its output does (issue 31 §5). On Linux, writes to a pipe are
 * synchronous: with stdout going to a reader that stopped reading (`node server.js | less`, a stuck
 * journal), the first log line past the pipe's 64 KiB blocks the main thread for good, and a timer
 * there never fires. And a reader that is gone (`| head`) makes every write fail with EPIPE, which
 * Node turns into an uncaught exception at the next `console.log`.
 */
import { Worker } from 'node:worker_threads';

/** Output nobody reads any more is dropped, not a crash; any other error of the streams is thrown on. */
export function ignoreClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
}

/**
 * Ends the process `ms` from now unless it has exited by then, from a thread of its own: the main
 * thread may be blocked in a write. The message goes through the thread pool (it may block there too,
 * the kill does not wait for it); then SIGKILL, the one end a blocked thread cannot delay.
 */
export function armExitWatchdog(ms: number): void {
  const code = `
    const { workerData } = require('node:worker_threads');
    setTimeout(() => {
      require('node:fs').write(2, workerData.message, () => undefined);
      setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), 200);
    }, workerData.ms);
  `;
  const message = `Arrêt non terminé ${Math.round(ms / 1000)} s après le signal (sortie bloquée ?) : processus arrêté de force.\n`;
  const watchdog = new Worker(code, { eval: true, workerData: { ms, pid: process.pid, message } });
  // It never keeps the process alive: a clean stop exits before it fires.
  watchdog.unref();
}
