/**
 * A page is prepared as soon as the pointer moves over a link to it, or the link gets the focus or a
 * touch (issue 18): the hundred milliseconds or so before the click are spent downloading, not waiting
 * after it. The `lazy` routes the link's address matches are loaded (their modules stay in the browser's
 * module map; the router's own call then finds them there); nothing is rendered, no data is asked for.
 * A pointer that merely rests where a new page puts a link (no movement) prepares nothing.
 */
import { matchRoutes, type RouteObject } from 'react-router';

export function prefetchOnIntent(routes: RouteObject[]): () => void {
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    const address = link.pathname;
    if (seen.has(address)) return;
    seen.add(address);
    // A failure is not reported here: the router loads the page again on the click, and reports it then.
    const forget = () => seen.delete(address);
    for (const { route } of matchRoutes(routes, link.pathname) ?? []) {
      if (typeof route.lazy === 'function') route.lazy().catch(forget);
    }
  };
  const events = ['pointermove', 'focusin', 'touchstart'] as const;
  events.forEach((name) => document.addEventListener(name, onIntent, { passive: true, capture: true }));
  return () => events.forEach((name) => document.removeEventListener(name, onIntent, { capture: true }));
}
