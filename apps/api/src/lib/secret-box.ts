/**
 * Secrets the server must read back in clear (the authenticators' TOTP secrets) are kept encrypted at rest
 * (ASVS V6): AES-256-GCM with a server key that is not in the database, so a copy of the database alone
 * reveals no secret. docs/decisions/auth-and-sessions.md.
 *
 * The key: SECOND_FACTOR_KEY (32 bytes, base64 or hex), required in production and shared by every
 * instance; outside production without it, a key file generated once in DATA_DIR (tests: a key of the
 * process). One key per process, set by `buildApp`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The prefix of the stored form: a later key or algorithm gets another. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key file of development (in DATA_DIR, beside the embedded database). */
export const KEY_FILE = 'second-factor.key';

export class SecretKeyError extends Error {}

/** 32 bytes from base64 or hex text; undefined when it is neither. */
export function parseKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

export interface SecretBox {
  /** The stored form of `plain`, bound to `context` (the row it belongs to: it cannot be moved to another). */
  seal(plain: string, context: string): string;
  /** Back to clear; throws a SecretKeyError (French, for the operator) when the key is not the one used. */
  open(sealed: string, context: string): string;
}

export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw wrongKey();
      const bytes = Buffer.from(payload, 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw wrongKey();
      }
    },
  };
}

const wrongKey = () =>
  new SecretKeyError(
    'La clé SECOND_FACTOR_KEY ne déchiffre pas les secrets de double authentification de la base : ce n’est ' +
      'pas la clé avec laquelle ils ont été chiffrés. Redonnez la clé d’origine (celle des autres instances, ' +
      'ou celle gardée avec la sauvegarde restaurée). Sans elle, ces secrets sont perdus : un administrateur ' +
      'devra réinitialiser la double authentification des personnes concernées.',
  );

/**
 * The key of this server: SECOND_FACTOR_KEY; else, outside production, DATA_DIR's key file (created once,
 * readable by the server's user only); in tests without either, a key of the process.
 */
export function loadSecondFactorKey(config: {
  NODE_ENV: string;
  SECOND_FACTOR_KEY?: string;
  DATA_DIR: string;
}): Buffer {
  if (config.SECOND_FACTOR_KEY) {
    const key = parseKey(config.SECOND_FACTOR_KEY);
    // config.ts validated it already; kept for callers that build the config by hand.
    if (!key) throw new SecretKeyError(KEY_FORMAT_MESSAGE);
    return key;
  }
  if (config.NODE_ENV === 'production') throw new SecretKeyError(KEY_MISSING_MESSAGE);
  if (config.NODE_ENV === 'test') return (processKey ??= randomBytes(32));
  const file = join(config.DATA_DIR, KEY_FILE);
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.DATA_DIR, { recursive: true, mode: 0o700 });
  try {
    // `wx`: two servers starting together on one folder keep the first one's key.
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readKeyFile(file);
}

function readKeyFile(file: string): Buffer {
  const key = parseKey(readFileSync(file, 'utf8'));
  if (!key) throw new SecretKeyError(`Le fichier de clé ${file} est illisible : ${KEY_FORMAT_MESSAGE}`);
  return key;
}

let processKey: Buffer | undefined;

export const KEY_FORMAT_MESSAGE =
  'SECOND_FACTOR_KEY doit faire 32 octets, en base64 ou en 64 caractères hexadécimaux (par exemple : openssl rand -base64 32).';

export const KEY_MISSING_MESSAGE =
  'Configuration invalide : SECOND_FACTOR_KEY (clé de chiffrement des secrets de double authentification) doit ' +
  'être définie en production, la même sur toutes les instances (par exemple : openssl rand -base64 32).';

let current: SecretBox | undefined;

/** Sets the key of this process (buildApp). */
export function useSecondFactorKey(key: Buffer): void {
  current = secretBox(key);
}

/** The box of this process's key. */
export function secondFactorBox(): SecretBox {
  if (!current) throw new Error('second factor key not loaded (buildApp sets it)');
  return current;
}
