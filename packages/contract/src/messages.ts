/**
 * Broadcast messages (diffusions, specification §3, §7; DECISIONS §6): a title, a plain text, a level, a
 * display window, an audience (everyone or chosen entities), a status A/I, optionally e-mailed. The
 * portal shows the active ones addressed to the signed-in user above its menu.
 */
import { z } from 'zod';
import { codeList } from './enums';
import { IMPLAUSIBLE_YEAR_MESSAGE, isPlausibleYear, isRealDay, labelled, labelledRecordId } from './ids';

export const MessageLevel = codeList({ info: 'Information', warning: 'Avertissement', danger: 'Alerte' });
export type MessageLevel = z.infer<typeof MessageLevel.schema>;

export const MessageStatus = codeList({ A: 'Actif', I: 'Inactif' });
export type MessageStatus = z.infer<typeof MessageStatus.schema>;

export const MessageAction = codeList({
  EDIT: 'Modifier',
  ACTIVATE: 'Activer',
  DEACTIVATE: 'Désactiver',
  DELETE: 'Supprimer',
});
export type MessageAction = z.infer<typeof MessageAction.schema>;

// Each check stops the next (abort): a badly written date gets one message, not three.
const day = (label: string) =>
  z
    .string({ message: `${label} : indiquez une date.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, {
      message: `${label} : la date doit être au format aaaa-mm-jj.`,
      abort: true,
    })
    .refine(isRealDay, { message: `${label} : cette date n'existe pas.`, abort: true })
    .refine(isPlausibleYear, { message: labelled(label, IMPLAUSIBLE_YEAR_MESSAGE) });

/** Whom a message is for, the same when it is saved and when its audience is counted before. */
const audienceFields = {
  /** True: everyone; false: the members of `entites`. */
  tous: z.boolean({ message: 'Destinataires : choisissez « tout le monde » ou des entités.' }),
  entites: z
    .array(labelledRecordId('Destinataires', 'Destinataires : choisissez les entités dans la liste.'), {
      message: 'Destinataires : choisissez les entités dans la liste.',
    })
    .max(200, { message: 'Destinataires : 200 entités au plus.' })
    .default([]),
};

/** Body of POST /api/diffusion (PUT adds the id). */
export const MessageInputSchema = z
  .object({
    titre: z
      .string({ message: 'Titre : indiquez un titre.' })
      .trim()
      .min(1, { message: 'Titre : indiquez un titre.' })
      .max(150, { message: 'Titre : 150 caractères au plus.' }),
    /** Plain text: line breaks kept, links made clickable on screen, never HTML. */
    texte: z
      .string({ message: 'Texte : écrivez le message.' })
      .trim()
      .min(1, { message: 'Texte : écrivez le message.' })
      .max(4000, { message: 'Texte : 4 000 caractères au plus.' }),
    niveau: z.enum(MessageLevel.codes, {
      message: 'Niveau : choisissez le niveau « information », « avertissement » ou « alerte ».',
    }),
    debut: day('Début'),
    fin: day('Fin').nullable().optional(),
    ...audienceFields,
    statut: z
      .enum(MessageStatus.codes, { message: 'Statut : choisissez le statut « actif » ou « inactif ».' })
      .default('A'),
    /** Also e-mail it to the audience (once, when it is first saved active). */
    email: z
      .boolean({ message: 'Envoi par e-mail : indiquez si le message est aussi envoyé par e-mail.' })
      .default(false),
  })
  .refine((m) => !m.fin || m.fin >= m.debut, {
    message: 'Fin : la date de fin ne peut précéder la date de début.',
    path: ['fin'],
  })
  .refine((m) => m.tous || m.entites.length > 0, {
    message: 'Destinataires : choisissez au moins une entité, ou « tout le monde ».',
    path: ['entites'],
  });
export type MessageInput = z.input<typeof MessageInputSchema>;

export const MessageUpdateSchema = z.intersection(
  z.object({ id: labelledRecordId('Message') }),
  MessageInputSchema,
);
export type MessageUpdate = z.input<typeof MessageUpdateSchema>;

export const MessageEntitySchema = z.object({ id: z.number().int(), nom: z.string() });

/** What the portal shows: no audience, no status, just the message. */
export const PortalMessageSchema = z.object({
  id: z.number().int(),
  titre: z.string(),
  texte: z.string(),
  niveau: MessageLevel.schema,
  debut: z.string(),
  fin: z.string().nullable(),
});
export type PortalMessage = z.infer<typeof PortalMessageSchema>;

/** What the staff see: the message as the portal shows it, with its audience, status and e-mail. */
export const MessageSchema = z.object({
  ...PortalMessageSchema.shape,
  tous: z.boolean(),
  entites: z.array(MessageEntitySchema),
  statut: MessageStatus.schema,
  email: z.boolean(),
  envoyeLe: z.string().nullable(),
  actions: z.array(MessageAction.schema),
  /** After a save: how many e-mails it queued (issue 21: « 21 e-mails en file d'envoi »). */
  emailsEnFile: z.number().int().optional(),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessageListSchema = z.array(MessageSchema);

/**
 * Body of POST /api/diffusion/destinataires (issue 21): the audience of a message being written; the
 * answer is how many people its e-mail would reach (active, in the audience, messages e-mails on).
 */
export const MessageAudienceSchema = z.object(audienceFields);
export type MessageAudience = z.input<typeof MessageAudienceSchema>;
export const MessageRecipientsSchema = z.object({ nombre: z.number().int() });
export type MessageRecipients = z.infer<typeof MessageRecipientsSchema>;

export const PortalMessageListSchema = z.array(PortalMessageSchema);

/**
 * The pieces of a message's text for the screen: plain text and links (http, https, mailto), so the
 * screen builds elements and never HTML.
 */
export type TextPiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const LINK = /\b(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)/gi;

export function linkify(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // A sentence's final punctuation is not part of the address.
    const href = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (start > last) pieces.push({ kind: 'text', text: text.slice(last, start) });
    pieces.push({ kind: 'link', text: href, href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ kind: 'text', text: text.slice(last) });
  return pieces;
}
