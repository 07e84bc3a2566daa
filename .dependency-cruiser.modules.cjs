/**
 * No loop between whole modules (issue 18), checked by `npm run lint` beside the file-level rules of
 * .dependency-cruiser.cjs: a module of the API, or a feature of the web app, stands above every module it
 * imports. A loop between folders is read on the source alone: the tests, which import every module, are
 * left out (here only; the main configuration checks them).
 */
// The same resolution options as the main configuration (a CommonJS file, as dependency-cruiser reads it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const main = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular-api-modules',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two API modules that need each other: move the part both use below them (as sign-in-attempts/, ' +
        'payment-provider/, invitations/ were), or let only the one above call the one below.',
      from: { path: '^apps/api/src/modules/[^/]+$' },
      to: { path: '^apps/api/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'no-circular-api-sub-areas',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two sub-areas of one module (compta/orders and compta/payments, say) that need each other: move ' +
        'what both use to a lower folder both read (as compta/order-records/, reservations/context.ts).',
      from: { path: '^apps/api/src/modules/[^/]+/[^/]+$' },
      to: { path: '^apps/api/src/modules/[^/]+/[^/]+$', circular: true },
    },
    {
      name: 'no-circular-web-features',
      severity: 'error',
      scope: 'folder',
      comment: 'Two web features that need each other: one reads the other through the contract instead.',
      from: { path: '^apps/web/src/features/[^/]+$' },
      to: { path: '^apps/web/src/features/[^/]+$', circular: true },
    },
  ],
  options: {
    ...main.options,
    exclude: { path: ['(^|/)(node_modules|dist)/', '\\.(test|spec)\\.[cm]?[jt]sx?$'] },
  },
};
