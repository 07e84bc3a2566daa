/**
 * Test setup: jest-dom matchers, and the browser APIs Mantine relies on that jsdom lacks.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The first render of a file imports Mantine and the route tree: on a busy machine it takes over a second,
// and `npm test` runs this suite beside the API's (scripts/parallel.mjs), two files at a time each. A
// findBy or waitFor returns as soon as what it waits for is there: the limit only delays a failure.
configure({ asyncUtilTimeout: 10_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Mantine's autosizing Textarea listens for web fonts loading, which jsdom does not do.
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
});
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

/**
 * Every answer the screens read is parsed with its contract schema (lib/api-client.ts), so a fixture that
 * departs from the contract makes the client log « hors contrat » and the screen show an error. That log
 * fails the test here, naming the route and the field, instead of a later « element not found ». A test
 * that means to check the refusal spies on console.error itself (its spy replaces this one).
 */
const offContract: string[] = [];
/**
 * React's « In HTML, <h3> cannot be a child of <h2> »: markup a browser repairs its own way and a screen
 * reader then reads as something else (a heading inside a heading). It fails the test that drew it.
 */
const invalidHtml: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('hors contrat')) offContract.push(args[0]);
  if (typeof args[0] === 'string' && /^In HTML, /.test(args[0])) invalidHtml.push(args[0]);
  consoleError(...args);
};

afterEach(() => {
  const found = offContract.splice(0);
  if (found.length > 0) throw new Error(`Fixture hors contrat : ${found[0]}`);
  const invalid = invalidHtml.splice(0);
  if (invalid.length > 0) throw new Error(`HTML invalide : ${invalid[0]}`);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
