/**
 * The code of the worker threads that read uploaded files (lib/untrusted/pool.ts): the tasks of lib/ and
 * the modules' own, gathered here, above both, so lib/ never imports a module. Each export is a task the
 * pool runs by its name. Bundled as `dist/untrusted-worker.js` (scripts/build.mjs); under tsx and vitest,
 * loaded through untrusted-worker-dev.mjs.
 */
export { pdfText, sniffType, warm } from './lib/untrusted/tasks';
export { importParse } from './modules/imports/untrusted-task';
export { bankStatementParse } from './modules/compta/bank/untrusted-task';
