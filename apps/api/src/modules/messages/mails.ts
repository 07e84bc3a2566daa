/** The e-mail of a broadcast message: its plain text as written, a link to the portal and the unsubscribe link. */
import { MessageLevel, PAGES, type MessageLevel as Level } from '@union/contract';
import { unsubscribeParts } from '../documents/mails';
import type { NewEmail } from '../mail/repository';

export function messageEmail(input: {
  to: string;
  prenom: string;
  titre: string;
  texte: string;
  niveau: Level;
  publicUrl: string;
  /** The unsubscribe token of the messages e-mails (documents/mails.ts, scope `messages`). */
  token: string;
}): NewEmail {
  const { pageLink, entetes } = unsubscribeParts(input.publicUrl, input.token);
  const prefix = input.niveau === 'info' ? '' : `[${MessageLevel.labels[input.niveau]}] `;
  return {
    destinataire: input.to,
    sujet: `${prefix}${input.titre}`,
    texte:
      `Bonjour ${input.prenom},\n\n${input.texte}\n\n` +
      `Ce message est aussi affiché sur votre portail : ${input.publicUrl}${PAGES.portal}\n\n` +
      "--\nIntranet de l'Union\nCe message est envoyé automatiquement, merci de ne pas y répondre.\n" +
      `Pour ne plus recevoir les messages de l'Union par e-mail :\n${pageLink}`,
    entetes,
  };
}
