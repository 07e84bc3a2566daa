/**
 * Prometheus metrics (`GET /metrics`, modules/operations): what the operator watches. Counters of
 * events are counted where the event happens (sign-ins in the auth service, payment notifications in
 * their route) on the counters below, shared by every app of the process; figures read from the
 * database (outbox, last backup) and the pool are read at each scrape by `createMetrics`.
 */
import client from 'prom-client';
import type { DbHandle } from '../db/client';

/** Every sign-in attempt by outcome: `ok`, `bad_password`, `unknown_user`, `inactive`, `locked`, `rate_limited`. */
export const signInAttempts = new client.Counter({
  name: 'union_sign_in_attempts_total',
  help: 'Sign-in attempts by outcome (ok, bad_password, unknown_user, inactive, locked, rate_limited).',
  labelNames: ['outcome'] as const,
  registers: [],
});

/** Every payment notification of the provider by outcome: `applied`, `ignored`, `already_applied`, `refused`. */
export const paymentNotifications = new client.Counter({
  name: 'union_payment_notifications_total',
  help: 'Payment notifications received from the provider, by outcome (applied, ignored, already_applied, refused).',
  labelNames: ['outcome'] as const,
  registers: [],
});

export interface MetricsSources {
  db: DbHandle;
  /** The outbox's pending messages and the creation of the oldest one (modules/mail). */
  outbox(): Promise<{ pending: number; oldest: Date | null }>;
  /**
   * When the last backup that succeeded ended; null when none ever did. Unset while no backup module
   * provides it: the gauge is then absent. See `AppOperations.lastBackupAt` (app.ts).
   */
  lastBackupAt(): (() => Promise<Date | null>) | undefined;
  /**
   * Whether this instance sends e-mail (SMTP_URL set). Without it nothing ever leaves the outbox: the
   * age of its oldest message would only grow, and an alert on it would fire for ever. The age gauge is
   * then absent, and `union_mail_sending_enabled` says why.
   */
  mailSending: boolean;
}

export interface Metrics {
  /** Counts one answered request under its route pattern (never its raw address: no ids, no secrets). */
  observe(method: string, route: string | undefined, status: number, elapsedMs: number): void;
  /** One request more, or one fewer, being answered right now (its headers read, its answer not sent). */
  began(): void;
  ended(): void;
  /** The text of the Prometheus exposition format. */
  text(): Promise<string>;
  readonly contentType: string;
}

/**
 * Leaves an unlabelled gauge without a sample in this scrape: `reset()` would write 0, which is a value
 * (an empty outbox, a backup just made), not "unknown"; `remove()` without labels drops the one sample.
 */
function absent(gauge: client.Gauge) {
  gauge.remove();
}

/** One registry per app: the process's metrics, the requests of this app and its database's figures. */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new client.Registry();
  // Event-loop delay (nodejs_eventloop_lag_*), memory, CPU, handles: prom-client's own set.
  client.collectDefaultMetrics({ register: registry });
  // prom-client's totals of handles, requests and resources are gauges named `_total`, which
  // `promtool check metrics` refuses (a `_total` name is a counter); the same figures by type stay.
  for (const name of [
    'nodejs_active_handles_total',
    'nodejs_active_requests_total',
    'nodejs_active_resources_total',
  ])
    registry.removeSingleMetric(name);
  registry.registerMetric(signInAttempts);
  registry.registerMetric(paymentNotifications);

  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // Requests being answered: what a stop waits for, and what a saturated instance piles up.
  const inProgress = new client.Gauge({
    name: 'http_requests_in_progress',
    help: 'HTTP requests received and not yet answered (the metrics scrape itself excluded).',
    registers: [registry],
  });

  new client.Gauge({
    name: 'union_db_pool_connections',
    help: 'Database connections of this instance by state (total, idle, waiting clients); PGlite has one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = sources.db.connections();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });

  // Both outbox gauges from one query per scrape.
  let outboxRead: Promise<{ pending: number; oldest: Date | null } | null> | undefined;
  const outbox = () =>
    (outboxRead ??= sources
      .outbox()
      .catch(() => null) // the database down: the scrape still answers, without these two
      .finally(() => setImmediate(() => (outboxRead = undefined))));
  new client.Gauge({
    name: 'union_outbox_pending_messages',
    help: 'E-mails waiting in the outbox to be sent.',
    registers: [registry],
    async collect() {
      const read = await outbox();
      if (read) this.set(read.pending);
      else absent(this);
    },
  });
  new client.Gauge({
    name: 'union_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail waiting in the outbox (0 when none waits; absent when no SMTP server is set).',
    registers: [registry],
    async collect() {
      if (!sources.mailSending) return absent(this);
      const read = await outbox();
      if (read) this.set(read.oldest ? Math.max(0, (Date.now() - read.oldest.getTime()) / 1000) : 0);
      else absent(this);
    },
  });

  new client.Gauge({
    name: 'union_mail_sending_enabled',
    help: 'Whether this instance sends e-mail (1) or has no SMTP server set (0: e-mails stay in the outbox).',
    registers: [registry],
    collect() {
      this.set(sources.mailSending ? 1 : 0);
    },
  });

  const BACKUP_AGE = 'union_backup_last_age_seconds';
  const backupAge = new client.Gauge({
    name: BACKUP_AGE,
    help: 'Seconds since the last successful backup ended (+Inf when none ever did).',
    registers: [],
    async collect() {
      const at = await sources
        .lastBackupAt()?.()
        .catch(() => undefined);
      if (at === undefined) absent(this);
      else this.set(at === null ? Infinity : Math.max(0, (Date.now() - at.getTime()) / 1000));
    },
  });

  return {
    contentType: registry.contentType,
    observe(method, route, status, elapsedMs) {
      const labels = { method, route: route ?? 'aucune', status: String(status) };
      requests.inc(labels);
      durations.observe(labels, elapsedMs / 1000);
    },
    began: () => inProgress.inc(),
    ended: () => inProgress.dec(),
    async text() {
      // Present only once a backup module gives its source (absent is not "no backup").
      const registered = registry.getSingleMetric(BACKUP_AGE) !== undefined;
      if (sources.lastBackupAt() && !registered) registry.registerMetric(backupAge);
      if (!sources.lastBackupAt() && registered) registry.removeSingleMetric(BACKUP_AGE);
      return registry.metrics();
    },
  };
}
