/**
 * What a request may carry, said in one place (issue 31 §3): the size of each route's body, the number
 * of a form's fields, the depth of a JSON body, and no NUL character anywhere. Bodies are read and parsed
 * on the main thread, so a large one holds every other user up: one anonymous 9.9 MB form with a million
 * fields to the payment notification froze the server for 10 s. Every limit is checked before the body
 * is parsed (Fastify compares `Content-Length`, then counts the bytes as they come, against the route's
 * `bodyLimit`), and the refusal is 413 `too_large` with a French message; nothing is read further and the
 * connection is closed.
 */
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { API } from '@union/contract';
import { AppError } from '../lib/errors';
import type { App } from '../types';

const KB = 1024;

/**
 * A public (anonymous) call: the token request (a passkey's assertion is its largest field, about 2 KB),
 * the passkey options, the password calls, the unsubscribe link, the payment notification (the card
 * provider posts about a hundred `vads_` fields, 3 to 6 KB). Four times the largest with margin.
 */
export const PUBLIC_BODY_LIMIT = 16 * KB;
/** A signed-in JSON call: what its schema can hold (a message's 4,000 characters, 200 recipients…). */
export const DEFAULT_BODY_LIMIT = 64 * KB;
/** The few calls whose schema holds more than the default: their own limit, by `METHOD /path`. */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  // An order holds up to 500 lines of 200 characters each (OrderCreateSchema, OrderUpdateSchema).
  [`POST ${API.compta.order}`]: 1024 * KB,
  [`PUT ${API.compta.order}`]: 1024 * KB,
};
/** A form (application/x-www-form-urlencoded) has at most this many fields: the notification's hundred. */
export const MAX_FORM_FIELDS = 256;
/** A JSON body nests at most this deep (the contract's deepest body, a passkey's registration, is 4). */
export const MAX_JSON_DEPTH = 32;

const tooLarge = (why: string) => new AppError(413, 'too_large', `La requête est trop volumineuse : ${why}`);

const inKb = (bytes: number) => `${Math.round(bytes / KB).toLocaleString('fr-FR')} Ko`;

/** The refusal of a body over its route's limit, which Fastify raises: it names the limit. */
export function bodyTooLarge(request: FastifyRequest): AppError {
  const limit = request.routeOptions.bodyLimit;
  return tooLarge(
    limit
      ? `cet appel accepte ${inKb(limit)} au plus. Envoyez moins de données à la fois.`
      : 'envoyez moins de données à la fois.',
  );
}

/**
 * The body limit of a route: an upload route (multipart) keeps the default, since its parts are
 * streamed and bounded by its own file limit (documents: UPLOAD_MAX_MB; import: IMPORT_MAX_BYTES), not
 * read whole; a public route the public limit; any other its table entry or the default.
 */
export function bodyLimitOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): number {
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const own = BODY_LIMITS[`${method} ${route.url}`];
  if (own) return own;
  return (route.config as { public?: boolean } | undefined)?.public ? PUBLIC_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

/**
 * How deep a JSON text nests, counted on its characters (strings skipped) before `JSON.parse` builds
 * anything: past `max`, the walk stops and says so.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The number of fields of a form body, counted on its bytes (`&` separators) before any parsing. */
export function formFieldCount(body: Buffer): number {
  if (body.length === 0) return 0;
  let count = 1;
  for (let i = body.indexOf(0x26); i !== -1; i = body.indexOf(0x26, i + 1)) count++;
  return count;
}

/** Whether a value (a parsed body, query or params) holds a NUL character in any string or key. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) return false;
  if (Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

export default fp(async function bodies(app: App) {
  // Every route's limit is set as it is registered, from the table above: no route carries its own.
  app.addHook('onRoute', (route) => {
    route.bodyLimit = bodyLimitOf(route);
  });

  // An empty body sent as JSON (clients often label every POST so) is no body, not an error:
  // the specification's action calls (POST /api/planning/annees…) carry an empty body.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text === '') return done(null, undefined);
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(tooLarge(`ses données sont imbriquées sur plus de ${MAX_JSON_DEPTH} niveaux.`), undefined);
    }
    // The default parser answers through `done` and returns nothing: its type allows a promise only
    // because Fastify's parser type covers both styles.
    void jsonParser(request, text, done);
  });

  // Forms (the token request, the payment notification): the fields are counted before they are parsed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body: Buffer, done) => {
      if (formFieldCount(body) > MAX_FORM_FIELDS) {
        return done(tooLarge(`un formulaire compte ${MAX_FORM_FIELDS} champs au plus.`), undefined);
      }
      done(null, parseQueryString(body.toString('utf8'), '&', '=', { maxKeys: MAX_FORM_FIELDS }));
    },
  );

  // A NUL character is no text a person types: refused (400) before any schema or query sees it, so
  // that it never reaches the database nor, through a refused statement, the logs.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError(
        400,
        'nul_character',
        'La requête contient un caractère nul (U+0000), qui n’est accepté dans aucun champ : retirez-le.',
      );
    }
  });
});
