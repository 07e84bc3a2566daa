/** The e-mail of a broadcast message: its plain text as written, a link to the portal and the unsubscribe link. */
import { API, MessageLevel, PAGES, pathTo, type MessageLevel as Level } from '@union/contract';
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
  const pageLink = input.publicUrl + pathTo(PAGES.unsubscribe, {}, { jeton: input.token });
  const oneClick = input.publicUrl + pathTo(API.documents.unsubscribe, {}, { jeton: input.token });
  const prefix = input.niveau === 'info' ? '' : `[${MessageLevel.labels[input.niveau]}] `;
  return {
    destinataire: input.to,
    sujet: `${prefix}${input.titre}`,
    texte:
      `Bonjour ${input.prenom},\n\n${input.texte}\n\n` +
      `Ce message est aussi affiché sur votre portail : ${input.publicUrl}${PAGES.portal}\n\n` +
      "--\nIntranet de l'Union\nCe message est envoyé automatiquement, merci de ne pas y répondre.\n" +
      `Pour ne plus recevoir les messages de l'Union par e-mail :\n${pageLink}`,
    // One-click unsubscribe (RFC 8058), as the documents' e-mails.
    entetes: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
