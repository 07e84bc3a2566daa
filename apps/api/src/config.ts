/**
 * Every setting, read from the environment once and validated, with the defaults a newcomer needs.
 * Production (NODE_ENV=production) refuses the default secrets and seeds nothing.
 */
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { environmentWithFile } from './env-file';
import { KEY_FORMAT_MESSAGE, KEY_MISSING_MESSAGE, parseKey } from './lib/secret-box';

// The schema's own messages (a number expected, a wrong address) in French, like the API's.
z.config(z.locales.fr());

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

export type Config = z.infer<typeof EnvSchema> & {
  publicUrl: string;
  /** Whether DATABASE_URL or DATA_DIR was given (rather than DATA_DIR's default, `data/` in the repository). */
  databaseGiven: boolean;
};

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith('/'));
}

/** Every problem of the configuration at once, in French, for the operator (no stack trace). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The secrets a copy-paste or a parser can spoil silently: a passphrase or a key with spaces around
 * it, or with a `#` (the start of a comment for some readers of an env file, part of the value for
 * others), is refused rather than taken one way here and another way elsewhere.
 */
const SECRETS = [
  'OAUTH_CLIENT_SECRET',
  'BACKUP_PASSPHRASE',
  'SYSTEMPAY_KEY',
  'METRICS_TOKEN',
  'SECOND_FACTOR_KEY',
] as const;

const withoutPrefix = (message: string) => message.replace(/^Configuration invalide : /, '');

/**
 * Reads and validates the environment (or the overrides tests pass), with the file ENV_FILE names
 * (env-file.ts). Throws a ConfigError listing every problem.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  let source: Record<string, string | undefined>;
  try {
    source = environmentWithFile(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const problems: string[] = [];
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  for (const name of SECRETS) {
    const value = source[name];
    if (value === undefined) continue;
    if (value !== value.trim())
      problems.push(`${name} commence ou finit par une espace : retirez-la (ou changez la valeur).`);
    if (value.includes('#'))
      problems.push(
        `${name} contient « # », que certains lecteurs du fichier de configuration prennent pour un commentaire : choisissez une valeur sans « # ».`,
      );
  }
  const production = source.NODE_ENV === 'production';
  const value = (name: keyof z.infer<typeof EnvSchema>) =>
    parsed.success ? parsed.data[name] : source[name];
  if (production && (value('OAUTH_CLIENT_SECRET') ?? DEFAULT_CLIENT_SECRET) === DEFAULT_CLIENT_SECRET)
    problems.push('OAUTH_CLIENT_SECRET doit être défini en production.');
  // Without it, the links of the invitation and password e-mails would point to localhost.
  if (production && !value('PUBLIC_URL'))
    problems.push('PUBLIC_URL (adresse publique du site) doit être défini en production.');
  if (production && (value('SYSTEMPAY_KEY') ?? SYSTEMPAY_TEST_KEY) === SYSTEMPAY_TEST_KEY)
    problems.push('SYSTEMPAY_KEY (clé de la boutique Systempay) doit être définie en production.');
  // A key file beside the database would travel with every copy of it: production keeps the key apart.
  if (production && !source.SECOND_FACTOR_KEY) problems.push(withoutPrefix(KEY_MISSING_MESSAGE));
  if (
    parsed.success &&
    !parsed.data.DATABASE_URL &&
    parsed.data.BACKUP_DIR &&
    isInside(parsed.data.BACKUP_DIR, parsed.data.DATA_DIR)
  )
    // The embedded database's backup copies DATA_DIR whole: it would copy the older backups too.
    problems.push(
      'BACKUP_DIR (dossier des sauvegardes) ne doit pas être dans DATA_DIR (dossier de la base).',
    );
  if (problems.length || !parsed.success)
    throw new ConfigError(`Configuration invalide :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const config = parsed.data;
  return {
    ...config,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    databaseGiven: Boolean(source.DATABASE_URL || source.DATA_DIR),
  };
}

/** Which database the configuration names, for the operator: never the password of DATABASE_URL. */
export function describeDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!config.DATABASE_URL) return `la base embarquée du dossier ${resolve(config.DATA_DIR)} (DATA_DIR)`;
  try {
    const url = new URL(config.DATABASE_URL);
    const host = url.hostname || url.searchParams.get('host') || 'localhost';
    return `la base PostgreSQL « ${decodeURIComponent(url.pathname.slice(1))} » sur ${host}${url.port ? `:${url.port}` : ''} (DATABASE_URL)`;
  } catch {
    return 'la base PostgreSQL de DATABASE_URL';
  }
}

/**
 * For the commands that write into the database (admin:create, migrate, restore): in production, run
 * without the server's settings (no ENV_FILE, no DATABASE_URL nor DATA_DIR), they would silently write
 * into a new embedded base in the repository's `data/`, which no server reads. Refused, exit code 1.
 */
export function exitWithoutDatabaseSetting(config: Config, command: string): void {
  if (config.NODE_ENV !== 'production' || config.databaseGiven) return;
  console.error(
    `${command} : ni DATABASE_URL ni DATA_DIR ne sont définis. En production, la commande lit les réglages du serveur : ` +
      'lancez-la avec ENV_FILE=/etc/intranet/intranet.env (le fichier de réglages du serveur), sans quoi elle écrirait dans une base vide que le serveur ne lit pas.',
  );
  process.exit(1);
}

/** For the server and the commands: a configuration problem ends the process with its list, exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
