/**
 * One error shape for every failure: `{status, error, message, details?}`.
 * Validation and business refusals are 412 with a French message; 5xx hide internals and are logged.
 */
import type { ErrorBody } from '@union/contract';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors';
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

export default fp(async function errors(app: App) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (error instanceof AppError) {
      body = { status: error.status, error: error.code, message: error.message, details: error.details };
    } else if (error.validation) {
      body = validationBody(error);
    } else if (error.statusCode && error.statusCode < 500) {
      // Fastify's own refusals (malformed JSON, body too large, unsupported media type).
      body = {
        status: error.statusCode === 400 ? 412 : error.statusCode,
        error: error.code ?? 'bad_request',
        message:
          error.statusCode === 413
            ? 'Le fichier ou le contenu envoyé est trop volumineux.'
            : 'La requête est mal formée : vérifiez les informations saisies.',
      };
    } else {
      request.log.error({ err: error }, 'unexpected error');
      body = {
        status: 500,
        error: 'internal_error',
        message: 'Une erreur inattendue est survenue. Réessayez plus tard.',
      };
    }
    if (body.status >= 500) request.log.error({ err: error }, 'server error');
    void reply.status(body.status).send(body);
  });
});
