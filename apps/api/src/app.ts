/**
 * Builds the Fastify application: plugins, then one route file per module. Tests call buildApp() with
 * their own database; server.ts adds only the listening socket.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { loadSecondFactorKey, useSecondFactorKey } from './lib/secret-box';
import type { DbHandle } from './db/client';
import type { Clock } from './lib/context';
import authPlugin from './plugins/auth';
import bodiesPlugin from './plugins/bodies';
import contextPlugin from './plugins/context';
import errorsPlugin, { frameworkErrors } from './plugins/errors';
import { refuseWhileStopping } from './modules/operations/draining';
import operationsPlugin from './plugins/operations';
import securityPlugin from './plugins/security';
import webPlugin from './plugins/web';
import xsrfPlugin from './plugins/xsrf';
import { createBackground, type Background } from './lib/background';
import { errorCatalogueMarkdown, withErrorResponses, withoutErrorInputCopies } from './lib/error-answers';
import { SECURITY_SCHEMES, XSRF_DESCRIPTION, securityOf } from './lib/openapi';
import { startPurgeJob } from './modules/auth/purge';
import { startBackupControl } from './modules/backups/control';
import { startBackupJob } from './modules/backups/job';
import { startReminderJob } from './modules/compta/reminders/job';
import { startTopUpJob } from './modules/restaurant/cards/job';
import { startMailWorker, type MailWorker } from './modules/mail/worker';
import type { App } from './types';
import authRoutes from './modules/auth/routes';
import userAccountsRoutes from './modules/user-accounts/routes';
import settingsRoutes from './modules/settings/routes';
import entitiesRoutes from './modules/entities/routes';
import mailRoutes from './modules/mail/routes';
import importsRoutes from './modules/imports/routes';
import reservationsRoutes from './modules/reservations/routes';
import restaurantRoutes from './modules/restaurant/routes';
import comptaRoutes from './modules/compta/routes';
import documentsRoutes from './modules/documents/routes';
import messagesRoutes from './modules/messages/routes';
import operationsRoutes from './modules/operations/routes';
import backupsRoutes from './modules/backups/routes';
import peopleDashboardsRoutes from './modules/people-dashboards/routes';
import secondFactorRoutes from './modules/second-factor/routes';
import passkeysRoutes from './modules/passkeys/routes';
import { whenAFactorIsAdded } from './modules/passkeys/service';
import { recoveryCodesForNewFactor } from './modules/second-factor/factors';
import paymentProviderRoutes from './modules/payment-provider/routes';
import portalRoutes from './modules/portal/routes';
import searchRoutes from './modules/search/routes';
import { whenAnOrderIsNotified } from './modules/payment-provider/notification';
import { applyInvoiceNotification, INVOICE_REFERENCE_PREFIX } from './modules/compta/accounts/online';
import { TOP_UP_REFERENCE_PREFIX, topUpNotified } from './modules/restaurant/cards/online';

/** Every module's routes, in one list: a new module adds one line here. */
const MODULES = [
  authRoutes,
  userAccountsRoutes,
  settingsRoutes,
  entitiesRoutes,
  mailRoutes,
  importsRoutes,
  reservationsRoutes,
  restaurantRoutes,
  comptaRoutes,
  documentsRoutes,
  messagesRoutes,
  operationsRoutes,
  backupsRoutes,
  secondFactorRoutes,
  passkeysRoutes,
  paymentProviderRoutes,
  peopleDashboardsRoutes,
  portalRoutes,
  searchRoutes,
];

export interface BuildOptions {
  config: Config;
  db: DbHandle;
  logger?: boolean | object;
  /** The clock of every request context (lib/context.ts); the system clock by default. */
  clock?: Clock;
  /** Called for every route as it is registered: the tests list every route the app serves with it. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The server (not the tests) on PGlite: listen on the local socket through which `npm run backup`
   * asks this process, which holds the data directory, for a backup (modules/backups/control.ts).
   */
  backupSocket?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker, when SMTP_URL is set. */
    mailWorker?: MailWorker;
    /** Work started by a request and finished after its answer (see lib/background.ts). */
    background: Background;
  }
}

export async function buildApp({
  config,
  db,
  logger = false,
  clock,
  onRoute,
  backupSocket,
}: BuildOptions): Promise<App> {
  // The first factor of an account, a passkey too, comes with recovery codes (passkeys/service.ts).
  whenAFactorIsAdded(recoveryCodesForNewFactor);
  // The provider's one notification address hands each payment to the module that owns its order.
  whenAnOrderIsNotified(INVOICE_REFERENCE_PREFIX, applyInvoiceNotification);
  whenAnOrderIsNotified(TOP_UP_REFERENCE_PREFIX, topUpNotified);
  const app = Fastify({
    logger,
    trustProxy: config.TRUST_PROXY,
    // Each route's own limit is set by plugins/bodies.ts; this one is only for a route it would miss.
    bodyLimit: 64 * 1024,
    // A stop's late requests get our French 503 instead (modules/operations/draining.ts).
    return503OnClosing: false,
    frameworkErrors,
    // Fastify's two lines per request (with the raw address) give way to one line of ours, written by
    // plugins/operations.ts with the route pattern and the user's id.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>() as App;
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // The key of the authenticators' secrets (lib/secret-box.ts): one per process, like the configuration.
  useSecondFactorKey(loadSecondFactorKey(config));
  app.decorate('dbHandle', db);
  app.decorate('background', createBackground(app.log));
  app.addHook('onClose', () => app.background.idle());

  await app.register(errorsPlugin);
  await app.register(operationsPlugin);
  refuseWhileStopping(app);
  await app.register(securityPlugin);
  await app.register(xsrfPlugin);
  await app.register(bodiesPlugin);
  await app.register(authPlugin);
  await app.register(contextPlugin, { clock });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "API de l'Intranet de l'Union",
        version: '1.0.0',
        description: `${XSRF_DESCRIPTION}\n\nToute erreur répond le même corps \`{status, error, message, details?}\`, \`error\` étant un code du catalogue :\n\n${errorCatalogueMarkdown()}`,
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [] }],
    },
    // Every operation declares the error answers its route may give (lib/error-answers.ts), added here
    // rather than on each route: a route's own 4xx response schema would change how its errors are sent.
    transform: (document) => {
      const { schema = {}, route, url } = document;
      if (schema.hide) return jsonSchemaTransform(document);
      // One operation per method: swagger calls this once for each method of a route.
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const shape = { method, url: route.url ?? url, config: route.config, schema };
      // A public route (plugins/auth.ts) needs no bearer; a mutating one the XSRF pair (lib/openapi.ts).
      const security = securityOf(shape, schema.security);
      return jsonSchemaTransform({ ...document, schema: withErrorResponses({ ...schema, security }, shape) });
    },
    // The error bodies every route shares become components (`Erreur412`, …), written once.
    transformObject: (document) => withoutErrorInputCopies(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  for (const routes of MODULES) await app.register(routes);
  await app.register(webPlugin, { root: config.WEB_DIST });

  if (config.PURGE_INTERVAL_MS > 0) {
    const purge = startPurgeJob({
      db: db.db,
      kind: db.kind,
      intervalMs: config.PURGE_INTERVAL_MS,
      log: app.log,
    });
    app.addHook('onClose', () => purge.stop());
  }

  if (config.REMINDER_CHECK_MS > 0) {
    const reminders = startReminderJob({ db: db.db, everyMs: config.REMINDER_CHECK_MS, log: app.log });
    app.addHook('onClose', () => reminders.stop());
  }

  if (config.TOP_UP_CHECK_MS > 0) {
    const topUps = startTopUpJob({
      db: db.db,
      everyMs: config.TOP_UP_CHECK_MS,
      digestTime: config.TOP_UP_DIGEST_TIME === 'off' ? null : config.TOP_UP_DIGEST_TIME,
      publicUrl: config.publicUrl,
      log: app.log,
    });
    app.addHook('onClose', () => topUps.stop());
  }

  if (config.BACKUP_DIR) {
    const backups = startBackupJob({
      handle: db,
      dir: config.BACKUP_DIR,
      time: config.BACKUP_TIME,
      keep: config.BACKUP_KEEP,
      passphrase: config.BACKUP_PASSPHRASE,
      pgBinDir: config.PG_BIN_DIR,
      log: app.log,
    });
    app.addHook('onClose', () => backups.stop());
  }
  if (backupSocket && db.kind === 'pglite') {
    const control = await startBackupControl({
      handle: db,
      dataDir: config.DATA_DIR,
      passphrase: config.BACKUP_PASSPHRASE,
      log: app.log,
    });
    app.addHook('onClose', () => control.close());
  }

  if (config.SMTP_URL) {
    const worker = startMailWorker({
      db: db.db,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      pollMs: config.MAIL_POLL_MS,
      log: app.log,
    });
    app.decorate('mailWorker', worker);
    app.addHook('onClose', () => worker.stop());
  }
  return app;
}
