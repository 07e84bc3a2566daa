/**
 * The error catalogue of the specification §8: which title and text the user reads for a failed call.
 * Pure, so that the mapping is tested on its own; the modal that shows it lives in app/.
 */
import { ApiError } from './api-client';

export interface ErrorMessage {
  /** How the modal looks: a refusal the user can correct (412) warns; every other failure is an error. */
  severity: 'warning' | 'danger';
  title: string;
  text: string;
  details?: string[];
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

const BY_STATUS: Record<number, ErrorMessage> = {
  0: {
    severity: 'danger',
    title: 'Échec de connexion',
    text: 'Le serveur est injoignable. Vérifiez votre connexion au réseau puis réessayez.',
  },
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
  500: GENERIC_SERVER_ERROR,
  503: {
    severity: 'danger',
    title: 'Serveur inaccessible',
    text: 'Le serveur est momentanément inaccessible ou surchargé. Réessayez dans quelques instants.',
  },
  504: {
    severity: 'danger',
    title: 'Délais trop long',
    text: 'Le serveur a mis trop de temps à répondre. Réessayez dans quelques instants.',
  },
};

/** The message for any failure; null for the sign-in refusal, which the login form reports itself. */
export function errorMessageFor(error: unknown): ErrorMessage | null {
  if (!(error instanceof ApiError)) return GENERIC_SERVER_ERROR;
  if (error.isInvalidGrant) return null;
  if (error.status === 412) {
    const text = error.body.message ?? 'Les informations saisies ne sont pas valides.';
    // A single detail repeats the message: list only what adds to it.
    const details = (error.body.details ?? []).filter((detail) => detail !== text);
    return {
      severity: 'warning',
      title: 'Erreur de saisie',
      text,
      details: details.length ? details : undefined,
    };
  }
  return BY_STATUS[error.status] ?? GENERIC_SERVER_ERROR;
}
