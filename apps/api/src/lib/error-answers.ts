/**
 * Which error answers a route may give: the statuses and the catalogue's codes (`ERROR_CODES` of the
 * contract) that its OpenAPI operation declares, derived from what every route goes through rather than
 * written on each route. The error plugin checks, in tests, that an answer is one its route declares, so
 * the document cannot drift from what the API does.
 */
import {
  API,
  ERROR_CODES,
  ERROR_CODE_LIST,
  type ErrorCode,
  type ErrorCodeEntry,
  type ErrorStatus,
} from '@union/contract';
import { z } from 'zod';

/** What the answers depend on, read from a route as registered (or from `request.routeOptions`). */
export interface RouteShape {
  method: string;
  url: string;
  config?: { public?: boolean; noXsrf?: boolean };
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `METHOD /path` as registered: the form of the catalogue's `routes` and of the authorization matrix. */
export const routeKey = (route: Pick<RouteShape, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** Whether a code of the catalogue may be answered by the route. */
function answers(code: ErrorCode, route: RouteShape): boolean {
  const entry: ErrorCodeEntry = ERROR_CODES[code];
  if (entry.routes) return entry.routes.includes(routeKey(route));
  const signedIn = !route.config?.public;
  switch (code) {
    // The bearer check of plugins/auth.ts.
    case 'unauthorized':
      return signedIn;
    // The policies of a signed-in call, and the XSRF check of every mutating call that is not exempt.
    case 'forbidden':
      return signedIn || (!SAFE_METHODS.has(route.method) && !route.config?.noXsrf);
    // A record named by the address, the query or the body that does not exist.
    // And the metrics, which do not exist without METRICS_TOKEN (modules/operations).
    case 'not_found':
      return (
        Boolean(route.schema?.params ?? route.schema?.querystring ?? route.schema?.body) ||
        route.url === API.operations.metrics
      );
    default:
      return true;
  }
}

/** The codes the route may answer, by status (only the statuses it may answer). */
export function errorAnswersOf(route: RouteShape): Partial<Record<ErrorStatus, ErrorCode[]>> {
  const byStatus: Partial<Record<ErrorStatus, ErrorCode[]>> = {};
  for (const code of ERROR_CODE_LIST) {
    if (!answers(code, route)) continue;
    (byStatus[ERROR_CODES[code].status] ??= []).push(code);
  }
  return byStatus;
}

/** The statuses of the catalogue, each with the French sentence of the OpenAPI document. */
const DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Connexion refusée (OAuth), ou caractère nul (U+0000) dans la requête',
  401: 'Non authentifié',
  403: 'Non autorisé',
  404: 'Contenu inexistant',
  412: 'Refus : saisie invalide ou règle métier (le message dit quoi corriger)',
  413: 'Requête trop volumineuse pour cet appel, refusée avant d’être lue',
  500: 'Erreur du serveur',
  503: 'Instance pas prête (sonde de disponibilité)',
};

/** Codes answered by any route (not limited by the catalogue's `routes`), by status. */
const commonCodesOf = (status: ErrorStatus) =>
  ERROR_CODE_LIST.filter(
    (code) => ERROR_CODES[code].status === status && !(ERROR_CODES[code] as ErrorCodeEntry).routes,
  );

const bodySchemas = new Map<string, z.ZodType>();

/** The fields the token request's 400 adds when the password was right and a second step is due. */
const SECOND_STEP_FIELDS = {
  error_description: z.string().optional().meta({ description: 'Le message, sous le nom OAuth.' }),
  mfa_token: z.string().optional().meta({
    description:
      'Avec `mfa_required` et `mfa_enrolment_required` : le jeton du second pas, à renvoyer à `POST /oauth/token` (`grant_type` `mfa_otp` ou `mfa_webauthn`) ou à `POST /oauth/cle-acces/options`.',
  }),
  facteurs: z
    .array(z.enum(['totp', 'cle_acces']))
    .optional()
    .meta({ description: 'Avec `mfa_required` : les seconds facteurs que le compte peut présenter.' }),
};

/**
 * The error body of one status with its codes as the `error` enum, as a Zod schema so that the OpenAPI
 * transform converts it like every other schema. Only for the document: the routes' own response
 * schemas do not carry it, so the error plugin's answers are serialized as they always were. The body of
 * the codes every route shares is one component of the document (`Erreur412`, …), named once.
 */
export function errorBodySchemaOf(status: ErrorStatus, codes: readonly ErrorCode[]): z.ZodType {
  const key = `${status} ${codes.join(' ')}`;
  const known = bodySchemas.get(key);
  if (known) return known;
  const schema = z.object({
    status: z.literal(status),
    error: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    details: z.array(z.string()).optional(),
    // The token request's second step (issue 22): what a client needs to go on is in the 400 itself.
    ...(codes.includes('mfa_required') ? SECOND_STEP_FIELDS : {}),
  });
  const common = commonCodesOf(status).join(' ') === codes.join(' ');
  const described = schema.meta({
    description: DESCRIPTIONS[status],
    ...(common ? { id: `Erreur${status}` } : {}),
  });
  bodySchemas.set(key, described);
  return described;
}

/** The catalogue as a Markdown table, once at the top of the document (an enum cannot carry it). */
export const errorCatalogueMarkdown = () =>
  [
    '| Code | Statut | Sens |',
    '| ---- | ------ | ---- |',
    ...ERROR_CODE_LIST.map(
      (code) => `| \`${code}\` | ${ERROR_CODES[code].status} | ${ERROR_CODES[code].sens} |`,
    ),
  ].join('\n');

/**
 * The route's schema with its error answers added to `response`, for the OpenAPI transform: a status the
 * route already declares (the public password calls' 412, for serialization) gets the catalogue's.
 */
export function withErrorResponses<S extends { response?: unknown }>(schema: S, route: RouteShape): S {
  const response: Record<string, unknown> = {};
  for (const [key, codes] of Object.entries(errorAnswersOf(route))) {
    const status = Number(key) as ErrorStatus;
    // The content form, so that the answer has its own description even when its body is a `$ref`.
    response[status] = {
      description: DESCRIPTIONS[status],
      content: { 'application/json': { schema: errorBodySchemaOf(status, codes) } },
    };
  }
  return { ...schema, response: { ...(schema.response as object | undefined), ...response } };
}

/**
 * The document's own transform, after the Zod one: the shared error bodies are answers only, so the
 * `…Input` copies the Zod registry makes of every named schema are left out.
 */
export function withoutErrorInputCopies<D extends object>(document: D): D {
  // The Zod transform built this components object for this document: trimming it in place is safe.
  const schemas = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  for (const name of Object.keys(schemas ?? {})) {
    if (/^Erreur\d+Input$/.test(name)) delete schemas![name];
  }
  return document;
}
