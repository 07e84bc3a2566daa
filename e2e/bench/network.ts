/**
 * What Chromium sees of a journey's requests (DevTools protocol: type, initiator, bytes on the wire,
 * served from the cache or not), across every page the journey opens: a multi-page application such as
 * Paheko navigates at each click, so the page's own Resource Timing entries would hold only the last
 * page's. Times are wall-clock milliseconds, the clock the page's marks use too.
 */
import type { Page } from '@playwright/test';

/** One request as Chromium saw it. */
export interface Request {
  url: string;
  type: string;
  initiator: string;
  /** Wall-clock milliseconds (the marks' clock), then made relative to the journey's first navigation. */
  start: number;
  end: number;
  /** Bytes on the wire (headers and compressed body); 0 when served from the cache. */
  bytes: number;
  cached: boolean;
}

/** Starts recording; the function returned gives the requests seen so far, in their order. */
export async function recordNetwork(page: Page): Promise<() => Request[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  // Chromium's `timestamp` is a monotonic clock in seconds; `wallTime` (given at the request's start)
  // ties it to the wall clock, so the end of a request is its start plus the monotonic difference.
  const byId = new Map<string, Request & { monotonicStart: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const stack = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type;
    const start = event.wallTime * 1000;
    // A redirect reuses the request's id: the new request replaces the old one, as the browser sees it.
    byId.set(event.requestId, {
      url: event.request.url.replace(/^https?:\/\/[^/]+/, ''),
      type: event.type ?? '',
      initiator: stack.replace(/^https?:\/\/[^/]+/, ''),
      start,
      end: start,
      bytes: 0,
      cached: false,
      monotonicStart: event.timestamp,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = byId.get(event.requestId);
    if (entry) entry.cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = byId.get(event.requestId);
    if (entry && (event.response.fromDiskCache || event.response.fromPrefetchCache)) entry.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = byId.get(event.requestId);
    if (!entry) return;
    entry.bytes = event.encodedDataLength;
    entry.end = entry.start + (event.timestamp - entry.monotonicStart) * 1000;
  });
  return () => [...byId.values()].map(({ monotonicStart: _, ...request }) => request);
}
