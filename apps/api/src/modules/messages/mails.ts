/** The e-mail of a broadcast message: its plain text as written, and a link to the portal. */
import { MessageLevel, PAGES, type MessageLevel as Level } from '@union/contract';
import type { NewEmail } from '../mail/repository';

export function messageEmail(input: {
  to: string;
  prenom: string;
  titre: string;
  texte: string;
  niveau: Level;
  publicUrl: string;
}): NewEmail {
  const prefix = input.niveau === 'info' ? '' : `[${MessageLevel.labels[input.niveau]}] `;
  return {
    destinataire: input.to,
    sujet: `${prefix}${input.titre}`,
    texte:
      `Bonjour ${input.prenom},\n\n${input.texte}\n\n` +
      `Ce message est aussi affiché sur votre portail : ${input.publicUrl}${PAGES.portal}\n\n` +
      "--\nIntranet de l'Union\nCe message est envoyé automatiquement, merci de ne pas y répondre.",
  };
}
