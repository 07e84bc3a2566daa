/**
 * One error shape for every failure: `{status, error, message, details?}`, `error` a code of the
 * contract's catalogue (`ERROR_CODES`). Validation and business refusals are 412 with a French message;
 * 5xx hide internals and are logged. In tests, an answer outside the catalogue, or one its route's
 * OpenAPI operation does not declare (lib/error-answers.ts), becomes a 500 that names it.
 */
import {
  ERROR_CODES,
  frenchIssueMessage,
  isErrorCode,
  type ErrorBody,
  type ErrorCode,
} from '@union/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseErrorCode, databaseErrorOf, ruleRefusalOf, withoutParameters } from '../lib/constraints';
import { errorAnswersOf, routeKey } from '../lib/error-answers';
import { AppError } from '../lib/errors';
import type { App } from '../types';
import { bodyTooLarge } from './bodies';

/** The body the API sends: its code is one of the catalogue. */
type ServerErrorBody = ErrorBody & { error: ErrorCode };

// Zod's own messages in French, for the few validation texts we do not write ourselves.
z.config(z.locales.fr());

const FIELD_NAMES: Record<string, string> = {
  data: 'la valeur',
  actuel: 'le mot de passe actuel',
  jeton: 'le lien',
};

/** The contract's French message of a problem, from Fastify's form of a Zod issue. */
const issueMessage = (v: { keyword?: string; message?: string; params?: Record<string, unknown> }) =>
  frenchIssueMessage({ ...v.params, code: v.keyword, message: v.message });

const MAX_DETAILS = 20;

const WRONG_BODY =
  'Le contenu de la requête doit être un objet JSON (des champs entre accolades) : réessayez depuis l’application.';

/**
 * A message the contract wrote with its field's French label in front (« Titre : indiquez le titre du
 * document. »): it already names the field, so it is said as is, not behind « Champ « titre » : ».
 */
const NAMES_ITS_FIELD = /^\p{Lu}[\p{L}'’ -]{0,30} : /u;
/** Zod's own French messages (its `fr` locale) start the same way, but name no field: they get the name. */
const ZOD_OWN_MESSAGE = /^((Chaîne de caractères|Entrée|Nombre|Option) invalide|Trop (grand|petit)) : /;

function validationBody(error: FastifyError): ServerErrorBody {
  const all = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => {
        const message = issueMessage(v as never);
        if (NAMES_ITS_FIELD.test(message) && !ZOD_OWN_MESSAGE.test(message)) return message;
        const field = String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.');
        // The whole body is of the wrong kind (`null`, a list, a number): Zod's « objet attendu, null
        // reçu » behind « Champ la requête » reads as no French sentence; this one says what to send.
        if (!field && (v as { keyword?: string }).keyword === 'invalid_type') return WRONG_BODY;
        const label = field ? (FIELD_NAMES[field] ?? `« ${field} »`) : 'la requête';
        return `Champ ${label} : ${message}`;
      })
    : [error.message];
  // Two wrong items of one list can give the same sentence: it is said once.
  const details = [...new Set(all)];
  // The first problem, named, rather than a vague "some fields are invalid": the form shows one message.
  const others = details.length - 1;
  // A list of 10,000 wrong values gets 20 lines, not a 3 MB answer.
  const shown =
    details.length > MAX_DETAILS
      ? [...details.slice(0, MAX_DETAILS), `… et ${details.length - MAX_DETAILS} autres problèmes.`]
      : details;
  return {
    status: 412,
    error: 'precondition_failed',
    message:
      others === 0
        ? details[0]!
        : `${details[0]!} (et ${others} autre${others > 1 ? 's' : ''} problème${others > 1 ? 's' : ''} à corriger)`,
    details: shown,
  };
}

const refused = (error: ErrorCode, message: string): ServerErrorBody => ({ status: 412, error, message });

/** A 412 for a value the database refused (SQLSTATE class 22 data exceptions, 23xxx constraints). */
function databaseRefusal(error: unknown): ServerErrorBody | undefined {
  const code = databaseErrorCode(error);
  if (!code) return undefined;
  const rule = ruleRefusalOf(error);
  if (rule) return refused(rule.code, rule.message);
  if (code.startsWith('22')) {
    return refused(
      'invalid_value',
      'Une valeur envoyée est invalide (caractère interdit, nombre ou date hors limites) : corrigez la saisie.',
    );
  }
  if (code === '23505') {
    return refused(
      'duplicate',
      'Cette valeur est déjà utilisée par un autre enregistrement : choisissez-en une autre.',
    );
  }
  if (code === '23P01') {
    return refused(
      'conflict',
      'Cet enregistrement en chevauche un autre : choisissez d’autres dates ou horaires.',
    );
  }
  if (code === '23514' || code === '23502' || code === '23503') {
    return refused(
      'invalid_value',
      'Les informations envoyées ne respectent pas les règles : vérifiez la saisie.',
    );
  }
  return undefined;
}

/** The catalogue's code of the statuses the client handles itself (a 401, 403 or 404 of a plugin). */
const CLIENT_HANDLED: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
};

/**
 * Fastify's 4xx refusals as the catalogue's 412, but for the statuses the client handles itself and the
 * body over its route's limit (413, plugins/bodies.ts).
 */
function clientRefusal(status: number, request: FastifyRequest): ServerErrorBody {
  const handled = CLIENT_HANDLED[status];
  if (handled) return { status, error: handled, message: 'Cette requête ne peut pas aboutir.' };
  if (status === 413) {
    const tooLarge = bodyTooLarge(request);
    return { status: 413, error: tooLarge.code, message: tooLarge.message };
  }
  if (status === 415) {
    return refused(
      'unsupported_media_type',
      "Le format de l'envoi n'est pas accepté : réessayez depuis l'application.",
    );
  }
  return refused('bad_request', 'La requête est mal formée : vérifiez les informations saisies.');
}

/**
 * What the log says of a refused statement: its SQLSTATE and constraint, never the values. Drizzle's
 * error carries the statement's parameters (`params: …`) and the driver's `detail` repeats the value
 * (« Key (email)=(…) already exists »): a person's e-mail, a password's hash or the NUL-laden text an
 * attacker sent would otherwise be written to the logs.
 */
function loggedRefusal(error: unknown) {
  const found = databaseErrorOf(error);
  return { code: found?.code, constraint: found?.constraint };
}

/** The one error body for any failure; logs what is the server's fault. */
function errorBody(error: FastifyError, request: FastifyRequest): ServerErrorBody {
  if (error instanceof AppError) {
    return {
      status: error.status,
      error: error.code,
      message: error.message,
      details: error.details,
      ...error.extra,
    };
  }
  if (error.validation) return validationBody(error);
  // The database is the validator of last resort: a value no schema caught (a NUL character, a number
  // or a date out of range, a duplicate that raced past the service's check) is the user's to correct.
  const refusal = databaseRefusal(error);
  if (refusal) {
    request.log.warn({ refusal: loggedRefusal(error) }, 'input refused by the database');
    return refusal;
  }
  // Fastify's own refusals (malformed JSON, body too large, unsupported media type, broken multipart).
  if (error.statusCode && error.statusCode < 500) return clientRefusal(error.statusCode, request);
  request.log.error({ err: withoutParameters(error) }, 'server error');
  return {
    status: 500,
    error: 'internal_error',
    message: 'Une erreur inattendue est survenue. Réessayez plus tard.',
  };
}

/**
 * Fastify's router refuses some addresses before any handler or hook runs (a malformed %-escape, a
 * path parameter over 100 characters) and would answer in English, echoing the address: this is the
 * `frameworkErrors` option of buildApp.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ code: error.code }, 'address refused by the router');
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? "Un élément de l'adresse est trop long : vérifiez le lien utilisé."
      : "L'adresse demandée est mal formée (caractère mal encodé) : vérifiez le lien utilisé.";
  void reply.status(412).send(refused('bad_request', message));
}

/**
 * What is wrong with an error answer for the catalogue and for its route's declared answers, or
 * undefined. Read from the bytes sent, so that it sees every error answer whoever wrote it (this
 * plugin, the router's refusals, the SPA plugin's 404).
 */
function undeclaredAnswer(request: FastifyRequest, status: number, payload: string): string | undefined {
  let body: { status?: unknown; error?: unknown };
  try {
    body = JSON.parse(payload) as typeof body;
  } catch {
    return `corps d'erreur illisible (${status})`;
  }
  const code = String(body.error);
  if (!isErrorCode(code)) return `code « ${code} » absent du catalogue (ERROR_CODES du contrat)`;
  if (ERROR_CODES[code].status !== status || body.status !== status) {
    return `code « ${code} » répondu avec le statut ${status}, le catalogue dit ${ERROR_CODES[code].status}`;
  }
  const route = request.routeOptions;
  // No route matched (the 404 of an unknown address): there is no operation to compare with.
  if (!route.url) return undefined;
  const shape = { method: request.method, url: route.url, config: route.config, schema: route.schema };
  const declared = errorAnswersOf(shape)[ERROR_CODES[code].status] ?? [];
  if (!declared.includes(code)) {
    return `${routeKey(shape)} répond « ${code} » (${status}), que son opération OpenAPI ne déclare pas (lib/error-answers.ts)`;
  }
  return undefined;
}

export default fp(async function errors(app: App) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = errorBody(error, request);
    void reply.status(body.status).send(body);
  });

  if (app.config.NODE_ENV !== 'test') return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type')).startsWith('application/json')) return payload;
    const problem = undeclaredAnswer(request, reply.statusCode, payload);
    if (!problem) return payload;
    request.log.error({ problem, answer: payload }, 'error answer outside the catalogue');
    reply.status(500);
    return JSON.stringify({
      status: 500,
      error: 'internal_error',
      message: `Réponse non déclarée : ${problem}.`,
    });
  });
});
