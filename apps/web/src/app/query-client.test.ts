import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A promise resolved from outside, as an answer still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the query client', () => {
  it('reads again after a write even when the first read is still on its way', async () => {
    const client = createQueryClient();
    const answers = [deferred<string[]>(), deferred<string[]>()];
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['lots'],
      queryFn: () => answers[calls++]!.promise,
    });
    const seen: (string[] | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));

    // The page's first read has left; a batch is prepared meanwhile, and the list is invalidated.
    expect(calls).toBe(1);
    const invalidated = client.invalidateQueries({ queryKey: ['lots'] });
    // The first read answers what it found before the write: it is not the list shown.
    answers[0]!.resolve([]);
    answers[1]!.resolve(['UNION-PRLV-1']);
    await invalidated;

    expect(calls).toBe(2);
    expect(client.getQueryData(['lots'])).toEqual(['UNION-PRLV-1']);
    expect(seen.at(-1)).toEqual(['UNION-PRLV-1']);
    unsubscribe();
    client.clear();
  });

  it('leaves a query that already has data to TanStack’s own cancel and refetch', async () => {
    const client = createQueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['mandats'],
      queryFn: () => Promise.resolve([`lecture ${++calls}`]),
    });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    await client.invalidateQueries({ queryKey: ['mandats'] });
    expect(client.getQueryData(['mandats'])).toEqual([`lecture ${calls}`]);
    expect(calls).toBeGreaterThanOrEqual(2);
    unsubscribe();
    client.clear();
  });
});
