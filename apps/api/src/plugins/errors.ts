/**
 * One error shape for every failure: `{status, error, message, details?}`.
 * Validation and business refusals are 412 with a French message; 5xx hide internals and are logged.
 */
import type { ErrorBody } from '@union/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, databaseErrorCode } from '../lib/errors';
import type { App } from '../types';

// Zod's own messages in French, for the few validation texts we do not write ourselves.
z.config(z.locales.fr());

const FIELD_NAMES: Record<string, string> = {
  data: 'la valeur',
  actuel: 'le mot de passe actuel',
  jeton: 'le lien',
};

function validationBody(error: FastifyError): ErrorBody {
  const details = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => {
        const field = String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.');
        const label = field ? (FIELD_NAMES[field] ?? `« ${field} »`) : 'la requête';
        return `Champ ${label} : ${v.message}`;
      })
    : [error.message];
  return {
    status: 412,
    error: 'precondition_failed',
    message: details.length === 1 ? details[0]! : 'Certains champs sont invalides.',
    details,
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

export default fp(async function errors(app: App) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = errorBody(error, request);
    void reply.status(body.status).send(body);
  });
});
