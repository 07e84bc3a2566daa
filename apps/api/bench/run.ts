/**
 * `npm run bench [name…]`: runs every bench/*.bench.ts (or those named), one after the other, and
 * prints their tables. Numbers only: speed is never asserted in tests on these shared machines.
 */
import { readdirSync } from 'node:fs';

const wanted = process.argv.slice(2);
const files = readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

console.log(`# Bancs d'essai (${new Date().toISOString()}, Node ${process.version})`);
for (const file of files) {
  const module = (await import(`./${file}`)) as { default: () => Promise<void> };
  await module.default();
}
process.exit(0);
