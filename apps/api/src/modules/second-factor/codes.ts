/**
 * Authenticator codes (RFC 6238, with `otpauth`) and recovery codes: pure functions, no database.
 */
import { createHash, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;
const ISSUER = "Intranet de l'Union";

/** A new base32 secret of 160 bits (RFC 4226's recommended length). */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/**
 * Checked when no account or factor stands behind a second step, so that a wrong code and an unknown
 * `mfa_token` cost the same work (the issue: no timing difference between them).
 */
const DUMMY_SECRET = newTotpSecret();

const totpOf = (secret: string, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, label: string) => totpOf(secret, label).toString();

/** The QR code of that address, as an SVG data URL (the page shows it as an image). */
export async function qrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The RFC 6238 time-step a six-digit code belongs to at `now` (one step of drift either way allowed,
 * for a phone's clock), or null. `otpauth` compares in constant time. Without a secret, a decoy is
 * checked the same way and null is answered.
 */
export function totpStep(secret: string | undefined, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secret ?? DUMMY_SECRET).validate({ token: code, timestamp, window: 1 });
  if (delta === null || secret === undefined) return null;
  return Math.floor(timestamp / 1000 / PERIOD) + delta;
}

/** Without the letters and digits people confuse (0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten recovery codes of 10 characters (about 50 bits each), shown as « ABCDE-FGHJK ». */
export function newRecoveryCodes(n = 10): string[] {
  return Array.from({ length: n }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * What is stored of a recovery code: its SHA-256, of the code as typed without case, spaces or dashes.
 * The codes are random (50 bits), so a fast hash is enough: there is no dictionary to try.
 */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('hex');

/** Whether what was typed looks like an authenticator's six digits (otherwise: a recovery code). */
export const looksLikeTotp = (code: string) => /^[0-9]{6}$/.test(code.replace(/\s/g, ''));
