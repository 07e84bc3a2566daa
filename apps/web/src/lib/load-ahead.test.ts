import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadSignedInScreensAhead,
  prefetchQuery,
  registerQueryClient,
  registerSignedInScreens,
  whenIdle,
} from './load-ahead';

describe('work started ahead of its screen', () => {
  afterEach(() => {
    registerQueryClient(null);
    registerSignedInScreens(() => Promise.resolve());
  });

  it('fetches the screens after sign-in once, and again only after a failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('réseau')).mockResolvedValue(undefined);
    registerSignedInScreens(load);
    loadSignedInScreensAhead();
    loadSignedInScreensAhead();
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => {
      loadSignedInScreensAhead();
      expect(load).toHaveBeenCalledTimes(2);
    });
    loadSignedInScreensAhead();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks the registered query client for data ahead, and nothing without one', async () => {
    const queryFn = vi.fn().mockResolvedValue(['ligne']);
    prefetchQuery({ queryKey: ['x'], queryFn });
    expect(queryFn).not.toHaveBeenCalled();
    const client = new QueryClient();
    registerQueryClient(client);
    prefetchQuery({ queryKey: ['x'], queryFn });
    await vi.waitFor(() => expect(client.getQueryData(['x'])).toEqual(['ligne']));
  });

  it('runs a task once the browser is idle, unless cancelled first', async () => {
    const task = vi.fn();
    whenIdle(task);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    expect(cancelled).not.toHaveBeenCalled();
  });
});
