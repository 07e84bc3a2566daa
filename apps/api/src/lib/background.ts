/**
 * Work a request starts but does not wait for (the password-reset e-mail, queued after the answer so
 * the answer takes the same time whatever the address). Failures are logged, never thrown; the app
 * waits for the work in progress before it closes (and so before the database closes).
 */
import type { FastifyBaseLogger } from 'fastify';
import { withoutParameters } from './constraints';

export interface Background {
  /** Starts `work` now, without waiting for it. */
  run(name: string, work: () => Promise<unknown>): void;
  /** Resolves once every work started so far (and any it started) is over. */
  idle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const task: Promise<unknown> = Promise.resolve()
        .then(work)
        .catch((error: unknown) =>
          log.error({ err: withoutParameters(error), work: name }, 'background work failed'),
        )
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      do {
        // A turn of the event loop first: work started by a hook of the answer just sent is counted.
        await new Promise((resolve) => setImmediate(resolve));
        await Promise.allSettled([...pending]);
      } while (pending.size);
    },
  };
}
