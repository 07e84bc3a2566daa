/**
 * The error catalogue of the specification §8: which title and text the user reads for a failed call.
 * Pure, so that the mapping is tested on its own; the modal that shows it lives in app/. The codes and
 * statuses the API answers are the contract's catalogue (`ERROR_CODES`, packages/contract/src/errors.ts).
 */
import { PAGES, type ErrorStatus } from '@union/contract';
import { ApiError } from './api-client';

export interface ErrorMessage {
  /** How the modal looks: a refusal the user can correct (412) warns; every other failure is an error. */
  severity: 'warning' | 'danger';
  title: string;
  text: string;
  details?: string[];
  /** What OK says, when it leads somewhere worth naming (« Voir ma carte »). */
  okLabel?: string;
  /** Where OK leads (401 and 403 go back to the landing page). */
  redirection?: string;
  /** 401: the token is no longer accepted, so the stored session is dropped. */
  endSession?: boolean;
}

const GENERIC_SERVER_ERROR: ErrorMessage = {
  severity: 'danger',
  title: 'Erreur serveur',
  text: 'Une erreur est survenue sur le serveur. Réessayez plus tard ; si le problème persiste, contactez le secrétariat.',
};

const SERVER_UNAVAILABLE: ErrorMessage = {
  severity: 'danger',
  title: 'Serveur inaccessible',
  text: 'Le serveur est momentanément inaccessible ou surchargé. Réessayez dans quelques instants.',
};

/** What the user reads for a refusal they can correct: the server's sentence (specification §8). */
function correctable(error: ApiError): ErrorMessage {
  const text = error.body.message ?? 'Les informations saisies ne sont pas valides.';
  // A single detail repeats the message: list only what adds to it.
  const details = (error.body.details ?? []).filter((detail) => detail !== text);
  return {
    severity: 'warning',
    title: 'Erreur de saisie',
    text,
    details: details.length ? details : undefined,
    ...FOLLOW_UP[error.body.error ?? ''],
  };
}

/** Refusals whose remedy is on another screen: OK names it and goes there. */
const FOLLOW_UP: Record<string, Pick<ErrorMessage, 'okLabel' | 'redirection'>> = {
  // A top-up paid but not yet validated: the member's card page shows it waiting.
  card_top_up_awaiting_validation: { okLabel: 'Voir ma carte', redirection: PAGES.card },
};

/**
 * One message for each status the API answers an error with: the statuses of the contract's catalogue
 * (`ERROR_CODES`), so that a code answered with a new status fails the type check until it has its
 * message here; every code is then shown by its status's entry (test: error-catalogue.test.ts).
 */
const BY_API_STATUS = {
  400: {
    severity: 'danger',
    title: 'Mauvaise requête',
    text: "La demande envoyée au serveur n'est pas valide. Rechargez la page puis réessayez.",
  },
  401: {
    severity: 'danger',
    title: 'Non autorisé',
    text: "Vous n'êtes pas authentifié ou votre session a expiré : veuillez vous connecter.",
    redirection: '/',
    endSession: true,
  },
  403: {
    severity: 'danger',
    title: 'Non autorisé',
    text: "Vous n'êtes pas autorisé à accéder à ce contenu.",
    redirection: '/',
  },
  404: {
    severity: 'danger',
    title: 'Contenu inexistant',
    text: "Le contenu demandé n'existe pas ou n'existe plus.",
  },
  412: correctable,
  // A request over its call's size (the server says which limit): nothing was read, nothing changed.
  413: (error: ApiError): ErrorMessage => ({
    severity: 'danger',
    title: 'Envoi trop volumineux',
    text: error.body.message ?? 'La requête est trop volumineuse : rien n’a été enregistré.',
  }),
  500: GENERIC_SERVER_ERROR,
  // Only the readiness probe answers it (an instance stopping or not migrated): a proxy's 503 for the user.
  503: SERVER_UNAVAILABLE,
} satisfies Record<ErrorStatus, ErrorMessage | ((error: ApiError) => ErrorMessage)>;

/** What the network, a proxy or a server in trouble answer, beside the API's own errors. */
const BY_TRANSPORT_STATUS: Record<number, ErrorMessage> = {
  0: {
    severity: 'danger',
    title: 'Échec de connexion',
    text: 'Le serveur est injoignable. Vérifiez votre connexion au réseau puis réessayez.',
  },
  503: SERVER_UNAVAILABLE,
  504: {
    severity: 'danger',
    title: 'Délais trop long',
    text: 'Le serveur a mis trop de temps à répondre. Réessayez dans quelques instants.',
  },
};

const isApiStatus = (status: number): status is keyof typeof BY_API_STATUS =>
  Object.hasOwn(BY_API_STATUS, status);

/**
 * The message for any failure; null for the sign-in refusal and the second step's request, which the
 * login form handles itself.
 */
export function errorMessageFor(error: unknown): ErrorMessage | null {
  if (!(error instanceof ApiError)) return GENERIC_SERVER_ERROR;
  if (error.isInvalidGrant || error.isSecondFactorAsked) return null;
  if (isApiStatus(error.status)) {
    const message = BY_API_STATUS[error.status];
    return typeof message === 'function' ? message(error) : message;
  }
  return BY_TRANSPORT_STATUS[error.status] ?? GENERIC_SERVER_ERROR;
}
