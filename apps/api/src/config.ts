/**
 * Every setting, read from the environment once and validated, with the defaults a newcomer needs.
 * Production (NODE_ENV=production) refuses the default secrets and seeds nothing.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { KEY_FORMAT_MESSAGE, KEY_MISSING_MESSAGE, parseKey } from './lib/secret-box';

const DEFAULT_CLIENT_SECRET = 'union-intranet-secret';
/** The public test key of Lyra's documentation: anyone can sign with it. */
export const SYSTEMPAY_TEST_KEY = '1122334455667788';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  /** The embedded database; by default `data/` at the repository's root, wherever npm runs the server. */
  DATA_DIR: z.string().default(fileURLToPath(new URL('../../../data', import.meta.url))),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: how long an unused connection of the pool stays open, in milliseconds (10 s). */
  PG_POOL_IDLE_MS: z.coerce.number().int().positive().default(10_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Intranet de l'Union <intranet@union-lyon.fr>"),
  OAUTH_CLIENT_ID: z.string().default('union-intranet'),
  OAUTH_CLIENT_SECRET: z.string().default(DEFAULT_CLIENT_SECRET),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  LOG_LEVEL: z.string().default('info'),
  /** Where the built SPA lives; served by the API when present. */
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /**
   * Which proxies may name the client's address in X-Forwarded-For: unset or `false` (none: the
   * per-address sign-in limit then cannot be dodged by forging the header), `true` (any), or the
   * proxies' addresses/CIDRs separated by commas. Set it when the app runs behind a reverse proxy.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' || v === 'false' ? v === 'true' : v)),
  /** Largest uploaded document, in megabytes (DECISIONS §6: 20 by default). */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  /** Where an upload waits while it is checked, before it goes into the database (the system's by default). */
  UPLOAD_TMP_DIR: z.string().optional(),
  /** Poll period of the outbox worker, in milliseconds. */
  MAIL_POLL_MS: z.coerce.number().int().positive().default(5000),
  /** Period of the purge of old sign-in attempts and spent tokens, in milliseconds (0: no purge). */
  PURGE_INTERVAL_MS: z.coerce.number().int().min(0).default(3600_000),
  /**
   * How often each instance checks whether the daily reminder run is due, in milliseconds (0: never). The
   * run itself is off until the Union's settings turn it on, and happens once a day across instances.
   */
  REMINDER_CHECK_MS: z.coerce.number().int().min(0).default(3600_000),
  /**
   * How often each instance expires the top-ups left unpaid for more than a day and checks whether the
   * treasurer's daily e-mail of top-ups to validate is due, in milliseconds (0: never; issue 21).
   */
  TOP_UP_CHECK_MS: z.coerce.number().int().min(0).default(3600_000),
  /** When the daily e-mail of top-ups to validate goes (Paris time, HH:MM), or `off`. */
  TOP_UP_DIGEST_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, 'une heure HH:MM, par exemple 08:00, ou off')
    .default('08:00'),
  /**
   * Daily backups (DECISIONS §8): the folder the server writes them to; unset, the server takes none
   * (`npm run backup` still works, and the portal warns the administrators that none is recent).
   */
  BACKUP_DIR: z.string().optional(),
  /** When the daily backup runs, Paris time (HH:MM). */
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'une heure HH:MM, par exemple 03:00')
    .default('03:00'),
  /** How many daily backups the folder keeps; older ones are deleted after a good one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  /** Unset: backups in clear. Set: every backup is encrypted with it (age, scrypt), and restores need it. */
  BACKUP_PASSPHRASE: z.string().min(1).optional(),
  /** Where pg_dump and pg_restore are (PostgreSQL only); unset, they are looked up in PATH. */
  PG_BIN_DIR: z.string().optional(),
  /** Card top-ups (Lyra Systempay/PayZen form protocol): the shop's site id, key and mode. */
  SYSTEMPAY_SITE_ID: z
    .string()
    .regex(/^\d{8}$/, 'huit chiffres')
    .default('12345678'),
  /** Outside production, the documentation's public test key; production refuses it. */
  SYSTEMPAY_KEY: z.string().min(1).default(SYSTEMPAY_TEST_KEY),
  SYSTEMPAY_MODE: z.enum(['TEST', 'PRODUCTION']).default('TEST'),
  /** The provider's payment page; unset, the form posts to the built-in simulator (/simulateur-paiement). */
  SYSTEMPAY_URL: z.string().url().optional(),
  /**
   * On SIGTERM/SIGINT, how long requests in flight may still run before their connections are cut, in
   * milliseconds (issue 19: 10 s by default).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * Whether the server applies pending migrations as it starts (`true` by default). `false` when a host
   * runs `npm run migrate` once before starting several servers: a server then waits for nothing, and
   * `/api/ready` answers 503 until the migrations are applied.
   */
  MIGRATE_ON_START: z
    .enum(['true', 'false'], { message: 'true ou false' })
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * The bearer token Prometheus sends to read `GET /metrics`; unset, `/metrics` answers 404. At least 16
   * characters: it guards figures an outsider should not read (sign-in failures, traffic).
   */
  METRICS_TOKEN: z.string().min(16, 'au moins 16 caractères').optional(),
  /**
   * The key that encrypts the authenticators' secrets in the database (AES-256-GCM, lib/secret-box.ts): 32
   * bytes in base64 or hex, the same on every instance, kept apart from the backups. Required in
   * production; elsewhere, unset, a key file is generated once in DATA_DIR.
   */
  SECOND_FACTOR_KEY: z
    .string()
    .refine((v) => parseKey(v) !== undefined, KEY_FORMAT_MESSAGE)
    .optional(),
});

export type Config = z.infer<typeof EnvSchema> & { publicUrl: string };

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

/** Reads and validates the environment (or the overrides tests pass). Throws a readable error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.OAUTH_CLIENT_SECRET === DEFAULT_CLIENT_SECRET) {
    throw new Error('Configuration invalide : OAUTH_CLIENT_SECRET doit être défini en production.');
  }
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    // Without it, the links of the invitation and password e-mails would point to localhost.
    throw new Error(
      'Configuration invalide : PUBLIC_URL (adresse publique du site) doit être défini en production.',
    );
  }
  if (config.NODE_ENV === 'production' && config.SYSTEMPAY_KEY === SYSTEMPAY_TEST_KEY) {
    throw new Error(
      'Configuration invalide : SYSTEMPAY_KEY (clé de la boutique Systempay) doit être définie en production.',
    );
  }
  if (config.NODE_ENV === 'production' && !config.SECOND_FACTOR_KEY) {
    // A key file beside the database would travel with every copy of it: production keeps the key apart.
    throw new Error(KEY_MISSING_MESSAGE);
  }
  if (!config.DATABASE_URL && config.BACKUP_DIR && isInside(config.BACKUP_DIR, config.DATA_DIR)) {
    // The embedded database's backup copies DATA_DIR whole: it would copy the older backups too.
    throw new Error(
      'Configuration invalide : BACKUP_DIR (dossier des sauvegardes) ne doit pas être dans DATA_DIR (dossier de la base).',
    );
  }
  return { ...config, publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` };
}
