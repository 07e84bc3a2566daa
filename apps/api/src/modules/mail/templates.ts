/** The French texts of the e-mails the foundation sends. Plain text: readable everywhere. */
import { PAGES, pathTo } from '@union/contract';
import type { NewEmail } from './repository';

const SIGNATURE =
  "\n\n--\nIntranet de l'Union\nCe message est envoyé automatiquement, merci de ne pas y répondre.";

/** The link of a reset or invitation e-mail: the screen that chooses a password, with the link's secret. */
export const passwordLink = (publicUrl: string, token: string) =>
  publicUrl + pathTo(PAGES.resetPassword, {}, { jeton: token });

export function passwordResetEmail(to: string, prenom: string, link: string): NewEmail {
  return {
    destinataire: to,
    sujet: "Réinitialisation de votre mot de passe – Intranet de l'Union",
    texte:
      `Bonjour ${prenom},\n\nUne réinitialisation de votre mot de passe a été demandée. ` +
      `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 1 heure, utilisable une seule fois) :\n\n${link}\n\n` +
      `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.` +
      SIGNATURE,
  };
}

/** An administrator removed the account's second factor (issue 22): its owner must know at once. */
export function secondFactorResetEmail(to: string, prenom: string): NewEmail {
  return {
    destinataire: to,
    sujet: "Votre double authentification a été réinitialisée – Intranet de l'Union",
    texte:
      `Bonjour ${prenom},\n\nUn administrateur vient de réinitialiser la double authentification de votre compte ` +
      `(application d'authentification et codes de secours). À votre prochaine connexion, ` +
      `il vous sera demandé de la réactiver depuis la page « Mon compte ».\n\n` +
      `Si vous n'avez pas demandé cette réinitialisation, prévenez le secrétariat de l'Union sans attendre.` +
      SIGNATURE,
  };
}

export function codesLockedEmail(to: string, prenom: string): NewEmail {
  return {
    destinataire: to,
    sujet: "Trop de codes erronés sur votre compte – Intranet de l'Union",
    texte:
      `Bonjour ${prenom},\n\nDix codes de double authentification erronés viennent d'être saisis pour votre compte, ` +
      `après votre mot de passe. Par précaution, votre compte n'accepte plus de code pendant 15 minutes ` +
      `(une clé d'accès reste acceptée).\n\nSi ce n'était pas vous, quelqu'un connaît votre mot de passe : ` +
      `changez-le dès que possible depuis la page « Mon compte » et prévenez le secrétariat de l'Union.` +
      SIGNATURE,
  };
}

export function invitationEmail(to: string, prenom: string, identifiant: string, link: string): NewEmail {
  return {
    destinataire: to,
    sujet: "Votre accès à l'Intranet de l'Union",
    texte:
      `Bonjour ${prenom},\n\nUn compte vient d'être créé pour vous sur l'Intranet de l'Union.\n` +
      `Votre identifiant : ${identifiant}\n\nPour choisir votre mot de passe, ouvrez ce lien (valable 7 jours) :\n\n${link}` +
      SIGNATURE,
  };
}
