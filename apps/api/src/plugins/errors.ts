/**
 * One error shape for every failure: `{status, error, message, details?}`.
 * Validation and business refusals are 412 with a French message; 5xx hide internals and are logged.
 */
import { frenchIssueMessage, type ErrorBody } from '@union/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseErrorCode } from '../lib/constraints';
import { AppError } from '../lib/errors';
import type { App } from '../types';

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

/**
 * A message the contract wrote with its field's French label in front (« Titre : indiquez le titre du
 * document. »): it already names the field, so it is said as is, not behind « Champ « titre » : ».
 */
const NAMES_ITS_FIELD = /^\p{Lu}[\p{L}'’ -]{0,30} : /u;
/** Zod's own French messages (its `fr` locale) start the same way, but name no field: they get the name. */
const ZOD_OWN_MESSAGE = /^((Chaîne de caractères|Entrée|Nombre|Option) invalide|Trop (grand|petit)) : /;

function validationBody(error: FastifyError): ErrorBody {
  const all = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => {
        const message = issueMessage(v as never);
        if (NAMES_ITS_FIELD.test(message) && !ZOD_OWN_MESSAGE.test(message)) return message;
        const field = String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.');
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

const refused = (error: string, message: string): ErrorBody => ({ status: 412, error, message });

/** A 412 for a value the database refused (SQLSTATE class 22 data exceptions, 23xxx constraints). */
function databaseRefusal(error: unknown): ErrorBody | undefined {
  const code = databaseErrorCode(error);
  if (!code) return undefined;
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

/** Fastify's 4xx refusals as the catalogue's 412, but for the statuses the client handles itself. */
function clientRefusal(status: number): ErrorBody {
  if (status === 401 || status === 403 || status === 404) {
    return { status, error: 'refused', message: 'Cette requête ne peut pas aboutir.' };
  }
  if (status === 413) return refused('too_large', 'Le fichier ou le contenu envoyé est trop volumineux.');
  if (status === 415) {
    return refused(
      'unsupported_media_type',
      "Le format de l'envoi n'est pas accepté : réessayez depuis l'application.",
    );
  }
  return refused('bad_request', 'La requête est mal formée : vérifiez les informations saisies.');
}

/** The one error body for any failure; logs what is the server's fault. */
function errorBody(error: FastifyError, request: FastifyRequest): ErrorBody {
  if (error instanceof AppError) {
    return { status: error.status, error: error.code, message: error.message, details: error.details };
  }
  if (error.validation) return validationBody(error);
  // The database is the validator of last resort: a value no schema caught (a NUL character, a number
  // or a date out of range, a duplicate that raced past the service's check) is the user's to correct.
  const refusal = databaseRefusal(error);
  if (refusal) {
    request.log.warn({ err: error }, 'input refused by the database');
    return refusal;
  }
  // Fastify's own refusals (malformed JSON, body too large, unsupported media type, broken multipart).
  if (error.statusCode && error.statusCode < 500) return clientRefusal(error.statusCode);
  request.log.error({ err: error }, 'server error');
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

export default fp(async function errors(app: App) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = errorBody(error, request);
    void reply.status(body.status).send(body);
  });
});
