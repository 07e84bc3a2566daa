/**
 * The distribution e-mail of a document and its unsubscribe link. The e-mail carries a link that needs
 * sign-in, never the file: a wrong or forwarded address reads nothing. The unsubscribe token is signed
 * with a key kept in the database (every instance shares it), so it needs no table of its own and turns
 * only the documents notification of that one person off.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API,
  DocumentType,
  frenchDay,
  PAGES,
  pathTo,
  recordIdOfText,
  type DocumentType as Type,
} from '@union/contract';
import type { Executor } from '../../db/client';
import type { NewEmail } from '../mail/repository';
import { documentsRepository } from './repository';

const SECRET_NAME = 'desinscription-documents';

const signingKey = (db: Executor) =>
  documentsRepository.secret(db, SECRET_NAME, randomBytes(32).toString('base64url'));

/**
 * Which notification a token turns off: the documents' (tokens `<id>.<sig>`, as first written), the
 * broadcast messages' (issue 21, tokens `m<id>.<sig>`) or the restaurant's menus (issue 31, `r<id>.<sig>`);
 * the scope is part of what is signed.
 */
export type UnsubscribeScope = 'documents' | 'messages' | 'restaurant';

const PREFIXES: Record<UnsubscribeScope, string> = { documents: '', messages: 'm', restaurant: 'r' };

const signature = (key: string, userId: number, scope: UnsubscribeScope) =>
  createHmac('sha256', key).update(`${scope}:${userId}`).digest('base64url');

export async function unsubscribeToken(
  db: Executor,
  userId: number,
  scope: UnsubscribeScope = 'documents',
): Promise<string> {
  return (await unsubscribeSigner(db, scope))(userId);
}

/** Signs many tokens with one read of the key (a distribution signs one per recipient). */
export async function unsubscribeSigner(
  db: Executor,
  scope: UnsubscribeScope = 'documents',
): Promise<(userId: number) => string> {
  const key = await signingKey(db);
  return (userId) => `${PREFIXES[scope]}${userId}.${signature(key, userId, scope)}`;
}

/** The user a token names and the notification it turns off, when its signature holds. */
export async function userOfToken(
  db: Executor,
  token: string,
): Promise<{ userId: number; scope: UnsubscribeScope } | undefined> {
  const match = /^([mr]?)([0-9]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  // The id as we wrote it: "03.…" is not the token we signed for 3.
  const userId = recordIdOfText(match?.[2]);
  if (!match || userId === undefined) return undefined;
  const scope = (Object.keys(PREFIXES) as UnsubscribeScope[]).find((s) => PREFIXES[s] === match[1])!;
  const expected = Buffer.from(signature(await signingKey(db), userId, scope));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, scope } : undefined;
}

/**
 * What every e-mail sent to many people carries (issue 31): the unsubscribe page's link, for the text,
 * and the one-click unsubscribe headers (RFC 8058) that mail clients show as a button.
 */
export function unsubscribeParts(
  publicUrl: string,
  token: string,
): { pageLink: string; entetes: Record<string, string> } {
  const oneClick = publicUrl + pathTo(API.documents.unsubscribe, {}, { jeton: token });
  return {
    pageLink: publicUrl + pathTo(PAGES.unsubscribe, {}, { jeton: token }),
    entetes: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

const frenchDate = (iso: string) => frenchDay(iso, { weekday: true });

export function distributionEmail(input: {
  to: string;
  prenom: string;
  documentId: number;
  titre: string;
  type: Type;
  jour: string;
  entite: string;
  publicUrl: string;
  token: string;
}): NewEmail {
  const link = input.publicUrl + pathTo(PAGES.document, { id: input.documentId });
  const { pageLink, entetes } = unsubscribeParts(input.publicUrl, input.token);
  return {
    destinataire: input.to,
    sujet: `${DocumentType.labels[input.type]} : ${input.titre}`,
    texte:
      `Bonjour ${input.prenom},\n\n${input.entite} a publié un document sur l'Intranet de l'Union :\n\n` +
      `« ${input.titre} » (${DocumentType.labels[input.type].toLowerCase()}, ${frenchDate(input.jour)})\n\n` +
      `Pour le lire, connectez-vous puis ouvrez ce lien :\n${link}\n\n` +
      `--\nIntranet de l'Union\nVous recevez ce message parce que la notification des documents est activée ` +
      `sur votre compte. Pour ne plus recevoir ces e-mails :\n${pageLink}`,
    entetes,
  };
}
