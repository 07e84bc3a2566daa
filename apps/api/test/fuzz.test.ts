/**
 * Schema-driven fuzzing of every route the app registers: bodies, path parameters and query strings
 * built from the route's own Zod schemas (collected as Fastify registers them), then broken (wrong
 * types, missing fields, 100 kB strings, `__proto__` keys, NUL bytes, impossible dates, odd numbers and
 * ids, arrays for objects, deep nesting, other content types), sent anonymously and as an administrator.
 *
 * Every answer must be below 500; every 4xx must be the one error shape, and every 4xx other than
 * 401/403/404 must say in French what is wrong without listing raw codes (see `judge`).
 *
 *   npm test                           a bounded run (FUZZ_RUNS=6 cases per route and caller)
 *   npm run fuzz                       a long run (FUZZ_RUNS=200, about 15 minutes)
 *   FUZZ_SEED=1234 FUZZ_ROUTE='PUT /api/reservation' npm run fuzz      replays one failure
 */
import { HABILITATION_CODES } from '@union/contract';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { buildWorld, type World } from './authz/world';
import {
  brokenBody,
  brokenUpload,
  isNumericText,
  jsonSchemaOf,
  ODD_PARAMS,
  prng,
  validValue,
  type Json,
  type Rng,
  type Schema,
} from './fuzz/generate';
import { createTestContext, type Call, type TestContext } from './helpers';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
/**
 * `npm test` replays one fixed seed, so CI is repeatable; `npm run fuzz` (FUZZ_RUNS set) draws a new one each
 * run, and whatever it finds becomes a test of its own (test/uploads-cut-short.test.ts was one).
 */
const SEED = Number(
  process.env.FUZZ_SEED ?? (process.env.FUZZ_RUNS ? Math.floor(Math.random() * 2 ** 31) : 2113636740),
);
const ONLY = process.env.FUZZ_ROUTE;
/** Longest wait for one answer: far above any route's time on a loaded machine, far below the test's timeout. */
const CASE_TIMEOUT_MS = 30_000;
/** FUZZ_MESSAGES=1 prints every distinct 412 message met, to read them over. */
const MESSAGES = process.env.FUZZ_MESSAGES === '1';
const messages = new Set<string>();

interface Route {
  key: string;
  method: Call['method'];
  url: string;
  body?: Schema;
  params?: Schema;
  query?: Schema;
  /** The route reads a multipart upload (the member import). */
  upload: boolean;
}

const registered: RouteOptions[] = [];
let t: TestContext;
let w: World;

beforeAll(async () => {
  // One connection on either engine: a route asking for a second one inside its transaction fails here.
  t = await createTestContext({}, { onRoute: (route) => void registered.push(route), oneConnection: true });
  w = await buildWorld(t);
  console.info(
    `fuzz: seed ${SEED}, ${RUNS} case(s) per route and caller (FUZZ_SEED=${SEED} replays this run)`,
  );
});
afterAll(() => t?.close());

/** The routes to fuzz: every registered one but the HEAD twins Fastify adds to GETs. */
function routes(): Route[] {
  const out: Route[] = [];
  for (const route of registered) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const schema = (route.schema ?? {}) as {
        body?: unknown;
        params?: unknown;
        querystring?: unknown;
        consumes?: string[];
      };
      out.push({
        key: `${method} ${route.url}`,
        method: method as Call['method'],
        url: route.url,
        body: jsonSchemaOf(schema.body),
        params: jsonSchemaOf(schema.params),
        query: jsonSchemaOf(schema.querystring),
        upload: schema.consumes?.includes('multipart/form-data') ?? false,
      });
    }
  }
  return out.filter((route) => !ONLY || route.key === ONLY);
}

const asParam = (value: Json) =>
  encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

/** The URL of one case: valid parameters, one of them now and then replaced by an odd one. */
function urlOf(route: Route, rng: Rng): { url: string; what: string[]; nonDecimalId?: string } {
  const what: string[] = [];
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const valid = (route.params ? validValue(route.params, rng) : {}) as Record<string, Json>;
  const values: Record<string, string> = {};
  for (const name of names)
    values[name] = name in valid ? asParam(valid[name]!) : name === '*' ? 'swagger-ui.css' : '1';
  let nonDecimalId: string | undefined;
  if (names.length > 0 && rng.chance(0.4)) {
    const name = rng.pick(names);
    values[name] = rng.pick(ODD_PARAMS);
    what.push(`path ${name} = ${values[name]!.slice(0, 40)}`);
    if (isNumericText(route.params?.properties?.[name]) && NON_DECIMAL.includes(values[name]!)) {
      nonDecimalId = values[name];
    }
  }
  let url = route.url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => values[name ?? '*']!);

  const query = (route.query ? validValue(route.query, rng) : {}) as Record<string, Json>;
  const pairs = Object.entries(query).map(([k, v]) => `${k}=${asParam(v)}`);
  if (rng.chance(route.query ? 0.5 : 0.15)) {
    const keys = Object.keys(route.query?.properties ?? {});
    const key = keys.length && rng.chance(0.8) ? rng.pick(keys) : rng.pick(['__proto__', 'constructor', 'x']);
    const broken = rng.pick([...ODD_PARAMS, '__REMOVE__', '__TWICE__']);
    const kept = pairs.filter((p) => !p.startsWith(`${key}=`));
    if (broken === '__REMOVE__') what.push(`query ${key} removed`);
    else if (broken === '__TWICE__') {
      kept.push(`${key}=1`, `${key}=2`);
      what.push(`query ${key} twice`);
    } else {
      kept.push(`${key}=${broken}`);
      what.push(`query ${key} = ${broken.slice(0, 40)}`);
      // A number in a query string is plain digits too (`rang`, `niveau`, `page`: issue 31 §6).
      if (isNumericText(route.query?.properties?.[key]) && NON_DECIMAL.includes(broken))
        nonDecimalId = broken;
    }
    pairs.splice(0, pairs.length, ...kept);
  }
  if (pairs.length) url += `?${pairs.join('&')}`;
  return { url, what, nonDecimalId };
}

/** Numbers in a path or a query written otherwise than as plain decimal digits: the app never writes them so. */
const NON_DECIMAL = ['0x10', '%201', '1e3', '1.0', '+1', 'Infinity'];

/** The one error shape: `{status, error, message}` with the answer's own status. */
interface ErrorShape {
  status?: unknown;
  error?: unknown;
  message?: unknown;
}

const ENGLISH =
  /\b(invalid|expected|required|received|must|should|cannot|unexpected|unknown|too (big|small)|string|number|boolean|undefined|not found|bad request)\b/i;
const FRENCH =
  /[àâçéèêëîïôûùüœ]|\b(le|la|les|des|du|de|un|une|est|doit|vous|votre|ce|cette|pas|champs?|sont|valeur)\b/i;
/** Zod's own ways of listing the allowed codes of an enum or a literal. */
const RAW_CODES =
  /Option invalide|une valeur parmi|Invalid (enum|option|input: expected)|Expected '|["'][\w-]+["']\s*\|\s*["'][\w-]+["']|: "[^"]*" attendu/;

/** What is wrong with an answer, if anything. */
function judge(route: Route, status: number, body: string): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  // POST /oauth/token answers OAuth 2.0's own error body (RFC 6749 §5.2), which clients read as is.
  if (route.url === '/oauth/token' && /"error":"invalid_(grant|client|request)"/.test(body)) return undefined;
  // A page the browser shows outside /api (the payment simulator) answers an HTML page: its text is the message.
  if (!route.url.startsWith('/api/') && !route.url.startsWith('/oauth') && /^<!doctype html>/i.test(body)) {
    const text = (/<main>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '').replace(/<[^>]+>/g, ' ');
    if (ENGLISH.test(text) || !FRENCH.test(text))
      return `an HTML page that is not French: ${text.slice(0, 200)}`;
    return RAW_CODES.test(text) ? `an HTML page listing raw codes: ${text.slice(0, 200)}` : undefined;
  }
  let parsed: ErrorShape;
  try {
    parsed = JSON.parse(body) as ErrorShape;
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  if (parsed.status !== status || typeof parsed.error !== 'string' || typeof parsed.message !== 'string') {
    return `a ${status} not in the one error shape {status, error, message}`;
  }
  // An error never answers far more than it was sent: it names the problems, it does not copy them.
  if (body.length > 20_000) return `a ${status} of ${body.length} characters`;
  if (status === 401 || status === 403 || status === 404) return undefined;
  const message = parsed.message;
  if (message.length > 2000) return `a message of ${message.length} characters (echoes the input?)`;
  if (ENGLISH.test(message) || !FRENCH.test(message)) return `a message that is not French: ${message}`;
  if (RAW_CODES.test(message)) return `a message listing raw codes: ${message}`;
  return undefined;
}

/** FNV-1a of a route key. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const shown = (text: string | undefined) =>
  text === undefined
    ? '(none)'
    : text.length > 300
      ? `${text.slice(0, 300)}… (${text.length} characters)`
      : text;

/** Sends one case and returns what is wrong with the answer, if anything, and its status. */
async function runCase(route: Route, rng: Rng, run: number, caller: 'anonymous' | 'admin') {
  const { url, what, nonDecimalId } = urlOf(route, rng);
  const body =
    route.method === 'GET'
      ? undefined
      : route.upload && rng.chance(0.7)
        ? brokenUpload(rng)
        : brokenBody(route.body ? validValue(route.body, rng) : {}, rng);
  if (body) what.push(body.what);
  // Signing out with the administrator's token would revoke it for the rest of the run.
  const token = caller === 'admin' && route.key !== 'DELETE /oauth/token' ? w.tokens.admin : undefined;
  const describeCase = () =>
    [
      `  replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ROUTE='${route.key}' (run ${run}, ${caller})`,
      `  case: ${what.join('; ') || 'valid'}`,
      `  request: ${route.method} ${shown(url)} ${body?.contentType ?? ''}`,
      `  body: ${body?.bytes ? `${body.bytes.length} bytes of multipart` : shown(body?.payload)}`,
    ].join('\n');
  // A request left unanswered (a lock waited for forever, a stream never ended) fails the run with its
  // case, instead of leaving the whole test idle until the runner's timeout says nothing useful.
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${route.key}: no answer after ${CASE_TIMEOUT_MS} ms\n${describeCase()}`)),
      CASE_TIMEOUT_MS,
    );
  });
  const response = await Promise.race([
    t.call({
      method: route.method,
      url,
      token,
      payload: body?.bytes ?? body?.payload,
      headers: body?.contentType ? { 'content-type': body.contentType } : {},
    }),
    unanswered,
  ]).finally(() => clearTimeout(timer));
  if (token && response.statusCode === 401) w.tokens.admin = await t.signIn('admin');
  const status = response.statusCode;
  if (MESSAGES && status === 412) messages.add(String((JSON.parse(response.body) as ErrorShape).message));
  const problem =
    judge(route, status, response.body) ??
    // A path number must be plain digits: « 0x10 » or « 1e3 » is a typing mistake or a probe, not 16 or
    // 1000. The administrator passes every right check, so only the validation can refuse it.
    // A body refused for its size (413) is refused before the address is read: nothing was read as a number.
    (caller === 'admin' && nonDecimalId && status !== 412 && status !== 413
      ? `the number « ${decodeURIComponent(nonDecimalId)} » was read as a number (${status}), not refused with 412`
      : undefined) ??
    (body?.oversized && status < 400 ? `an oversized body was accepted (${status})` : undefined);
  const report =
    problem &&
    [`${route.key}: ${problem}`, describeCase(), `  answer: ${status} ${shown(response.body)}`].join('\n');
  return { status, report };
}

describe('schema-driven fuzzing', () => {
  it(
    'every route answers < 500, and a French message without raw codes for bad input',
    { timeout: process.env.FUZZ_RUNS ? 3_600_000 : 300_000 },
    async () => {
      const all = routes();
      expect(all.length).toBeGreaterThan(0);
      const failures: string[] = [];
      /** Answers by caller and status, printed at the end: a run that meets only 401 and 412 tests little. */
      const seen: Record<string, number> = {};
      for (const route of all) {
        // One sequence per route: replaying one route (FUZZ_ROUTE) sends the same cases as the full run.
        const rng = prng(SEED ^ hash(route.key));
        // A valid PUT /api/user may have taken habilitations from the administrator (all but ADMIN can
        // go): give them back, so that every route is still reached past its right checks.
        await t.db
          .update(users)
          .set({ habilitations: [...HABILITATION_CODES], etat: 'A' })
          .where(eq(users.id, w.ids.admin));
        for (let run = 0; run < RUNS; run++) {
          for (const caller of ['anonymous', 'admin'] as const) {
            const { status, report } = await runCase(route, rng, run, caller);
            seen[`${caller} ${status}`] = (seen[`${caller} ${status}`] ?? 0) + 1;
            if (report) failures.push(report);
          }
        }
      }
      const tally = Object.entries(seen)
        .sort()
        .map(([k, n]) => `${k}: ${n}`);
      console.info(`fuzz: ${all.length} routes; answers ${tally.join(', ')}`);
      if (MESSAGES) console.info([...messages].sort().join('\n'));
      expect(failures, `seed ${SEED}: ${failures.length} failing case(s)`).toEqual([]);
    },
  );
});
