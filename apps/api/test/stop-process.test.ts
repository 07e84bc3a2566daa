/**
 * The clean stop as an operator meets it (issue 31 §5), in real processes on the engine of the run:
 * - the reader of the server's output is gone (`node dist/server.js | head`): the server starts,
 *   serves, and exits 0 on SIGTERM instead of dying of EPIPE;
 * - the reader stopped reading (the pipe is full: the logger's last write, as the process exits,
 *   blocks its main thread): SIGTERM still ends the process within the deadline;
 * - a request arriving during the drain, behind one in flight on the same connection, is answered 503
 *   with `Connection: close` and the French reason.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { NOT_READY } from '../src/modules/operations/readiness';
import {
  killAll,
  processDatabase,
  startServerProcess,
  untilRequestsInProgress,
  type ProcessDatabase,
} from './processes';

const databases: ProcessDatabase[] = [];
/** A database of its own per server (PGlite: one process per directory). */
async function databaseEnv(): Promise<Record<string, string>> {
  const database = await processDatabase('stop');
  databases.push(database);
  return database.env;
}

afterAll(async () => {
  killAll();
  for (const database of databases) await database.drop();
});

/** Resolves with the exit code or signal, or 'running' after `ms`. */
const endedWithin = (
  server: { exited: Promise<number | null>; child: { signalCode: string | null } },
  ms: number,
) =>
  Promise.race([
    server.exited.then((code) => code ?? server.child.signalCode),
    new Promise<string>((resolve) => setTimeout(() => resolve('running'), ms)),
  ]);

describe('stopping the server', () => {
  it('runs and stops cleanly when the reader of its output is gone', async () => {
    const server = await startServerProcess(await databaseEnv(), { stdout: 'closed' });
    for (let i = 0; i < 20; i++) expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await endedWithin(server, 20_000)).toBe(0);
  }, 90_000);

  it('ends within the deadline on SIGTERM while its output is blocked (a pipe nobody reads)', async () => {
    const grace = 500;
    const server = await startServerProcess({ ...(await databaseEnv()), SHUTDOWN_GRACE_MS: String(grace) });
    // Stop reading: past what the pipe holds, the logger's writes wait for good (and its last one, as
    // the process exits, blocks the main thread).
    server.child.stdout!.pause();
    const before = server.output().length;
    for (let round = 0; round < 40; round++)
      await Promise.all(
        Array.from({ length: 100 }, () =>
          fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined),
        ),
      );
    expect(server.output().length).toBe(before);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const end = await endedWithin(server, grace + 20_000);
    expect(end).not.toBe('running');
    expect(Date.now() - signalled).toBeLessThan(grace + 15_000);
  }, 180_000);

  it('answers a request arriving during the drain with 503 and Connection: close', async () => {
    const metricsToken = randomBytes(16).toString('hex');
    const server = await startServerProcess({
      ...(await databaseEnv()),
      SHUTDOWN_GRACE_MS: '15000',
      METRICS_TOKEN: metricsToken,
    });
    const socket = connect(Number(new URL(server.base).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    // A request in flight: its body still arriving when SIGTERM comes.
    const body = 'grant_type=password&username=personne&password=rien';
    socket.write(
      'POST /oauth/token HTTP/1.1\r\nHost: intranet\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
        `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await untilRequestsInProgress(server.base, metricsToken, 1);
    server.child.kill('SIGTERM');
    while (!server.output().includes('"msg":"stopping"'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    // The rest of it, and a second request behind it on the same connection.
    socket.write(`${body.slice(5)}GET /api/health HTTP/1.1\r\nHost: intranet\r\n\r\n`);
    await closed;
    const responses = received.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 (400|401) /);
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
    expect(responses[1]).toMatch(/\r\nconnection: close\r\n/i);
    const json = JSON.parse(responses[1]!.slice(responses[1]!.indexOf('\r\n\r\n') + 4)) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({ status: 503, error: 'not_ready', message: NOT_READY.stopping });
    expect(await server.exited).toBe(0);
  }, 90_000);
});
