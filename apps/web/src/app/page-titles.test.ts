/**
 * Every screen names its browser tab (convention: `usePageTitle`, or the administration's record frame
 * which calls it; a route that only chooses between screens, or redirects, leaves it to them): a page that forgets keeps the previous screen's title, which a person with many tabs, or
 * a screen reader announcing the tab, reads as the wrong place. Checked here on the source, page by page,
 * from each section's route table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = join(SRC, 'features');

/** The page modules a route table loads: `import('./components/X')` resolved to its file. */
function pagesOf(routesFile: string): string[] {
  const text = readFileSync(routesFile, 'utf8');
  return [...text.matchAll(/import\('([^']+)'\)/g)].map(([, spec = '']) => {
    const base = resolve(dirname(routesFile), spec);
    return [`${base}.tsx`, join(base, 'index.tsx')].find(existsSync) ?? `${base}.tsx`;
  });
}

const routeTables = readdirSync(FEATURES)
  .map((feature) => join(FEATURES, feature, 'routes.tsx'))
  .filter(existsSync);
const pages = [...new Set(routeTables.flatMap(pagesOf))].filter((page) => page.includes('/components/'));

describe('the browser tab of every screen', () => {
  it('finds the pages of the route tables', () => {
    expect(pages.length).toBeGreaterThan(30);
  });

  it.each(pages.map((page) => [page.slice(SRC.length + 1), page]))('%s names its tab', (_, page) => {
    const source = readFileSync(page, 'utf8');
    expect(/usePageTitle\(|<RecordPage\b|<Navigate\b|<[A-Z]\w*Page\b/.test(source)).toBe(true);
  });
});
