/**
 * What the operator sees of each request (issue 19): one log line per answered request and, when
 * METRICS_TOKEN is set, the Prometheus counters; and the instance's state for `/api/ready`.
 *
 * The log line names the route pattern, never the address as sent: an address may carry a secret (a
 * calendar feed's token, a query string), a pattern cannot. Nothing of the body or the headers is logged.
 */
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../lib/metrics';
import { mailRepository } from '../modules/mail/repository';
import type { App } from '../types';

/** The instance's state, read by the readiness probe and the metrics. */
export interface AppOperations {
  /** True from the first moment of a stop (SIGTERM, SIGINT, `app.close()`): `/api/ready` answers 503. */
  stopping: boolean;
  /**
   * When the last successful backup ended, null when none ever did: the backup module sets it as it
   * registers (`app.operations.lastBackupAt = () => …`); unset, the metric of the last backup's age is
   * absent.
   */
  lastBackupAt?: () => Promise<Date | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    operations: AppOperations;
    /** The Prometheus registry of this app, when METRICS_TOKEN is set. */
    metrics?: Metrics;
  }
}

export default fp(async function operations(app: App) {
  const state: AppOperations = { stopping: false };
  app.decorate('operations', state);
  // preClose runs as close() starts, before the in-flight requests are waited for.
  app.addHook('preClose', async () => {
    state.stopping = true;
  });

  const metrics = app.config.METRICS_TOKEN
    ? createMetrics({
        db: app.dbHandle,
        outbox: () => mailRepository.pendingSummary(app.dbHandle.db),
        lastBackupAt: () => state.lastBackupAt,
        mailSending: Boolean(app.config.SMTP_URL),
      })
    : undefined;
  if (metrics) app.decorate('metrics', metrics);

  if (metrics) {
    // onRequest runs once the headers are read, before the body: a request whose body is still arriving
    // is counted. A request is uncounted once, by its answer or by its client going away.
    const counted = new WeakSet<object>();
    const uncount = async (request: { raw: object }) => {
      if (counted.delete(request.raw)) metrics.ended();
    };
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === '/metrics') return;
      counted.add(request.raw);
      metrics.began();
    });
    app.addHook('onResponse', uncount);
    app.addHook('onRequestAbort', uncount);
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    metrics?.observe(request.method, route, reply.statusCode, reply.elapsedTime);
    request.log.info(
      {
        method: request.method,
        route: route ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.caller?.id ?? null,
      },
      'request',
    );
  });
});
