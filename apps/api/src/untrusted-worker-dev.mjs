// The worker threads' entry under tsx and vitest (see lib/untrusted/pool.ts): Node cannot load TypeScript
// itself, and a worker does not inherit the loader of the thread that starts it, so it registers tsx before
// loading the tasks. Production loads the bundled `untrusted-worker.js` instead.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./untrusted-worker.ts');

export const { sniffType, pdfText, importParse, bankStatementParse, warm } = tasks;
