import { describe, expect, it, vi } from 'vitest';
import { startPeriodic } from './periodic';

const quietLog = () =>
  ({ error: vi.fn(), info: vi.fn() }) as unknown as Parameters<typeof startPeriodic>[0]['log'];

describe('startPeriodic', () => {
  it('skips a tick while the previous run is still going, and stop waits for that run', async () => {
    vi.useFakeTimers();
    try {
      let started = 0;
      let finish: () => void = () => undefined;
      const job = startPeriodic({
        name: 'test',
        everyMs: 1_000,
        log: quietLog(),
        run: () => {
          started += 1;
          return new Promise<void>((resolve) => (finish = resolve));
        },
      });
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(started).toBe(1);
      let stopped = false;
      const stopping = job.stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      finish();
      await stopping;
      expect(stopped).toBe(true);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(started).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed run with the job’s name and runs again at the next tick', async () => {
    vi.useFakeTimers();
    try {
      const log = quietLog();
      let runs = 0;
      const job = startPeriodic({
        name: 'sauvegarde',
        everyMs: 1_000,
        firstDelayMs: 10,
        log,
        run: async () => {
          runs += 1;
          if (runs === 1) throw new Error('disque plein');
        },
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ job: 'sauvegarde' }),
        'sauvegarde failed',
      );
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(2);
      await job.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
