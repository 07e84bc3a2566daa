/**
 * What the OpenAPI document says of the credentials a call needs (issue 31 §7): the bearer token of a
 * signed-in call, and the XSRF pair (plugins/xsrf.ts) of every mutating call that is not exempt — a
 * client reading only the document otherwise met a 403 on its first POST.
 */
import { XSRF_COOKIE } from './xsrf-names';
import type { RouteShape } from './error-answers';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const XSRF_DESCRIPTION = [
  '**Jeton XSRF (double soumission).** Toute requête `POST`, `PUT`, `PATCH` ou `DELETE` porte le cookie',
  `\`${XSRF_COOKIE}\` et l’en-tête \`X-XSRF-TOKEN\` de même valeur ; sinon elle est refusée (403 \`forbidden\`).`,
  `Le serveur pose le cookie (\`SameSite=Strict\`, lisible par le script de la page) sur la réponse à un appel`,
  'sans jeton ou venant d’une page (par exemple `GET /api/health`) ; un script sans cookies peut choisir sa',
  'propre valeur et l’envoyer dans les deux. Les appels faits avant toute session en sont exemptés (demande',
  'de jeton, options d’une clé d’accès, mot de passe oublié, premier second facteur, désabonnement,',
  'notification du prestataire de paiement) : leur `security` ne le demande pas.',
].join('\n');

export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer' },
  xsrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: XSRF_COOKIE,
    description: 'Le jeton XSRF posé par le serveur ; le même que l’en-tête `X-XSRF-TOKEN`.',
  },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description: `La valeur du cookie \`${XSRF_COOKIE}\`, recopiée par le client à chaque appel qui modifie.`,
  },
} as const;

/**
 * The security requirement of one operation: the bearer unless the route is public, and the XSRF
 * cookie and header on a mutating method unless the route is exempt. Undefined keeps the document's
 * default (the bearer alone).
 */
type Security = readonly Record<string, readonly string[]>[] | undefined;

export function securityOf(route: RouteShape, declared: Security): Security {
  const xsrf = !SAFE_METHODS.has(route.method) && !route.config?.noXsrf;
  const bearer = !route.config?.public;
  if (!xsrf) return bearer ? declared : [];
  return [{ ...(bearer ? { bearer: [] } : {}), xsrfCookie: [], xsrfHeader: [] }];
}
