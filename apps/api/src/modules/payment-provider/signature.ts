/**
 * The Lyra form protocol's signature (Systempay, PayZen): the values of the `vads_` fields sorted by
 * name, joined with "+", then "+" and the key; HMAC-SHA-256 keyed with the key, in base64. The same
 * function signs the form we send and checks the notification we receive.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Fields = Readonly<Record<string, string>>;

/** The signed string: values of the vads_ fields in name order, "+" between them, then "+key". */
export function signedString(fields: Fields, key: string): string {
  const names = Object.keys(fields)
    .filter((name) => name.startsWith('vads_'))
    .sort();
  return [...names.map((name) => fields[name]!), key].join('+');
}

export function sign(fields: Fields, key: string): string {
  return createHmac('sha256', key).update(signedString(fields, key), 'utf8').digest('base64');
}

/** Whether `fields.signature` is theirs; compared in constant time, so no byte of it leaks by timing. */
export function hasValidSignature(fields: Fields, key: string): boolean {
  const given = Buffer.from(fields.signature ?? '', 'utf8');
  const expected = Buffer.from(sign(fields, key), 'utf8');
  // Equal lengths first (timingSafeEqual demands it); a base64 HMAC-SHA-256 always has 44 characters.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}
