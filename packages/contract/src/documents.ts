/**
 * Documents (specification §3, §7; DECISIONS §6): minutes, convocations, newsletters… published by an
 * entity for its members or for everyone, stored with their file, searchable by their words, and
 * distributed by e-mail.
 */
import { z } from 'zod';
import { codeList } from './enums';
import {
  IMPLAUSIBLE_YEAR_MESSAGE,
  decimalParam,
  isPlausibleYear,
  isRealDay,
  labelled,
  labelledRecordId,
  labelledRecordIdField,
  wholeNumber,
} from './ids';

export const DocumentType = codeList({
  C: "Procès-verbal d'assemblée générale",
  A: "Procès-verbal de conseil d'administration",
  B: 'Procès-verbal de bureau',
  D: 'Document officiel',
  N: "Lettre d'information",
  I: "Note d'information",
  V: 'Convocation',
});
export type DocumentType = z.infer<typeof DocumentType.schema>;

/** Type B exists only for entities with a bureau: associations and the Union (DECISIONS §6). */
export const ENTITY_TYPES_WITH_BUREAU = ['AFM', 'UN'] as const;

/** To whom a document is addressed. */
export const DocumentAudience = codeList({
  ENTITE: "Les membres de l'entité",
  TOUS: 'Tout le monde',
});
export type DocumentAudience = z.infer<typeof DocumentAudience.schema>;

/** Where the distribution of a document stands: never asked, asked, cancelled. */
export const DistributionState = codeList({ N: 'Non diffusé', D: 'Diffusé', A: 'Diffusion annulée' });
export type DistributionState = z.infer<typeof DistributionState.schema>;

export const DocumentAction = codeList({
  READ: 'Consulter',
  EDIT: 'Modifier',
  DELETE: 'Supprimer',
  DISTRIBUTE: 'Diffuser par e-mail',
  CANCEL_DISTRIBUTION: 'Annuler la diffusion',
});
export type DocumentAction = z.infer<typeof DocumentAction.schema>;

/**
 * What can be uploaded, by MIME type as the server detects it from the content: PDF, images, office
 * documents (OpenXML, OpenDocument, and the older binary Office formats).
 */
export const DOCUMENT_MIME_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'Image JPEG',
  'image/png': 'Image PNG',
  'image/gif': 'Image GIF',
  'image/webp': 'Image WebP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Document Word',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Classeur Excel',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'Présentation PowerPoint',
  'application/vnd.oasis.opendocument.text': 'Texte OpenDocument',
  'application/vnd.oasis.opendocument.spreadsheet': 'Classeur OpenDocument',
  'application/vnd.oasis.opendocument.presentation': 'Présentation OpenDocument',
  'application/msword': 'Document Word 97-2003',
  'application/vnd.ms-excel': 'Classeur Excel 97-2003',
  'application/vnd.ms-powerpoint': 'Présentation PowerPoint 97-2003',
} as const;
export type DocumentMimeType = keyof typeof DOCUMENT_MIME_TYPES;
/** The extensions the file picker offers (the server still checks the content). */
export const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.webp',
  '.docx',
  '.xlsx',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.doc',
  '.xls',
  '.ppt',
];

// Each check stops the next (abort): a badly written date gets one message, not three.
const IsoDay = z
  .string({ message: 'Date : indiquez la date du document.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Date : elle doit être au format aaaa-mm-jj.', abort: true })
  .refine(isRealDay, { message: "Date : cette date n'existe pas.", abort: true })
  .refine(isPlausibleYear, { message: labelled('Date', IMPLAUSIBLE_YEAR_MESSAGE) });

const SESSION_MESSAGE = 'Tenue : choisissez une tenue du planning.';

const Titre = z
  .string({ message: 'Titre : indiquez le titre du document.' })
  .trim()
  .min(1, { message: 'Titre : indiquez le titre du document.' })
  .max(200, { message: 'Titre : 200 caractères au plus.' });

/**
 * The metadata of a document. Multipart fields are text and the update's JSON has numbers: an id is either
 * a JSON number or plain decimal digits (never `Number()`'s ` 3`, `0x3` or `3e0`).
 */
export const DocumentMetadataSchema = z.object({
  type: z.enum(DocumentType.codes, { message: 'Type : choisissez un type de document.' }),
  titre: Titre,
  date: IsoDay,
  idEntite: labelledRecordIdField('Entité', "Entité : choisissez l'entité qui publie le document."),
  audience: z.enum(DocumentAudience.codes, {
    message: 'Destinataires : choisissez « membres de l’entité » ou « tout le monde ».',
  }),
  /** A convocation (type V) may name the session of the planning it convenes to. */
  idReservation: z
    .union([z.literal('').transform(() => null), z.null(), labelledRecordIdField('Tenue', SESSION_MESSAGE)], {
      message: SESSION_MESSAGE,
    })
    .optional(),
});
export type DocumentMetadata = z.infer<typeof DocumentMetadataSchema>;

/** PUT /api/document: the metadata of an existing document (its file does not change). */
export const DocumentUpdateSchema = DocumentMetadataSchema.extend({ id: labelledRecordId('Document') });
export type DocumentUpdate = z.infer<typeof DocumentUpdateSchema>;

/** Query of GET /api/document/all. */
export const DocumentSearchSchema = z.object({
  type: z.enum(DocumentType.codes, { message: 'Type : ce type de document est inconnu.' }).optional(),
  idEntite: decimalParam(
    labelledRecordId('Entité'),
    'Entité : choisissez une entité de la liste.',
  ).optional(),
  annee: wholeNumber(
    z
      .number({ message: 'Année : indiquez une année (exemple : 2026).' })
      .int({ message: 'Année : indiquez une année (exemple : 2026).' })
      .min(1900, { message: `Année : ${IMPLAUSIBLE_YEAR_MESSAGE}` })
      .max(2200, { message: `Année : ${IMPLAUSIBLE_YEAR_MESSAGE}` }),
  ).optional(),
  /** Words searched in the titles and in the text of the files. */
  q: z.string().trim().max(200, { message: 'Recherche : 200 caractères au plus.' }).optional(),
  idReservation: decimalParam(labelledRecordId('Tenue'), SESSION_MESSAGE).optional(),
  page: wholeNumber(
    z
      .number({ message: 'Page : indiquez un numéro de page.' })
      .int({ message: 'Page : indiquez un numéro de page.' })
      .min(1, { message: 'Page : à partir de 1.' })
      .max(10_000, { message: 'Page : le numéro de page ne dépasse pas 10 000.' }),
  ).default(1),
  parPage: wholeNumber(
    z
      .number({ message: 'Par page : indiquez un nombre de documents par page.' })
      .int({ message: 'Par page : indiquez un nombre de documents par page.' })
      .min(1, { message: 'Par page : au moins un document par page.' })
      .max(200, { message: 'Par page : le nombre de documents par page est de 200 au plus.' }),
  ).default(50),
});
export type DocumentSearch = z.infer<typeof DocumentSearchSchema>;

export const DistributionCountsSchema = z.object({
  envoyes: z.number().int(),
  enAttente: z.number().int(),
  echecs: z.number().int(),
  annules: z.number().int(),
});
export type DistributionCounts = z.infer<typeof DistributionCountsSchema>;

export const DocumentSchema = z.object({
  id: z.number().int(),
  type: DocumentType.schema,
  titre: z.string(),
  date: z.string(),
  idEntite: z.number().int(),
  entite: z.string(),
  audience: DocumentAudience.schema,
  idReservation: z.number().int().nullable(),
  nomFichier: z.string(),
  typeFichier: z.string(),
  taille: z.number().int(),
  diffusion: DistributionState.schema,
  publieLe: z.string(),
  /** What the caller may do now (the screen shows exactly these buttons). */
  actions: z.array(DocumentAction.schema),
});
export type Document = z.infer<typeof DocumentSchema>;

/** GET /api/document/{id}/infos: the document, and for its publishers the distribution's counts. */
export const DocumentDetailSchema = DocumentSchema.extend({
  compteurs: DistributionCountsSchema.nullable(),
});
export type DocumentDetail = z.infer<typeof DocumentDetailSchema>;

/**
 * POST /api/document: the document published, and when its PDF's text could not be indexed (a limit of
 * the file reader), why, for the publisher (« Le texte de ce PDF n'a pas pu être indexé : … »).
 */
export const DocumentPublishedSchema = DocumentDetailSchema.extend({
  avertissement: z.string().optional(),
});
export type DocumentPublished = z.infer<typeof DocumentPublishedSchema>;

export const PublishableEntitySchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  /** Type B is offered only when true. */
  bureau: z.boolean(),
});
export type PublishableEntity = z.infer<typeof PublishableEntitySchema>;

export const DocumentListSchema = z.object({
  total: z.number().int(),
  documents: z.array(DocumentSchema),
  /** Entities the caller may publish for (empty: no publish button). */
  publication: z.array(PublishableEntitySchema),
  /** Largest upload, in bytes. */
  tailleMax: z.number().int(),
});
export type DocumentList = z.infer<typeof DocumentListSchema>;

/** Answer of POST/DELETE /api/document/{id}/diffusion. */
export const DistributionResultSchema = z.object({
  diffusion: DistributionState.schema,
  compteurs: DistributionCountsSchema,
  /** How many e-mails this call queued (POST) or cancelled (DELETE). */
  nombre: z.number().int(),
});
export type DistributionResult = z.infer<typeof DistributionResultSchema>;

/** Answer of GET /api/document/{id}/diffusion (issue 21): how many a distribution now would reach. */
export const DistributionPreviewSchema = z.object({ nombre: z.number().int() });
export type DistributionPreview = z.infer<typeof DistributionPreviewSchema>;

/** Public unsubscribe (the e-mail's link): the signed token. */
export const UnsubscribeSchema = z.object({
  jeton: z.string().min(1, { message: 'Le lien de désinscription est incomplet.' }).max(500),
});
