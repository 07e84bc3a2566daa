/**
 * SEPA direct debit of the dues (issue 34 §4): the Union's creditor identifier (ICS), a mandate per lodge
 * (its unique reference, RUM, signed on a day, the debtor's IBAN and BIC checked by `ibantools`), and the
 * batches of debits made from the invoices due, each pre-notified and written as a pain.008 file (version
 * 001.02 or 001.08).
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isoDay, trimmed } from '../fields';
import { RecordIdSchema } from '../ids';

/** Days between the batch's making and its collection date, at least (the pre-notification's notice). */
export const SEPA_MIN_NOTICE_DAYS = 14;

/** Letters as numbers (A = 10 … Z = 35), digits as themselves: the ISO 7064 mod 97-10 reading. */
function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const value = /[0-9]/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/**
 * Whether `ics` is a SEPA creditor identifier (EPC262-08): two letters of country, two check digits, a
 * three-character business code (left out of the check) and the national identifier; the check digits
 * make « national identifier + country + check digits » give 1 modulo 97. A French one is 13 characters
 * long (FR72ZZZ123456).
 */
export function isValidIcs(ics: string): boolean {
  const m = /^([A-Z]{2})([0-9]{2})([A-Z0-9]{3})([A-Z0-9]{1,28})$/.exec(ics);
  if (!m) return false;
  const [, country, check, , national] = m;
  if (country === 'FR' && ics.length !== 13) return false;
  return mod97(`${national}${country}${check}`) === 1;
}

/** An ICS typed with or without spaces, in capitals; empty is none. */
export const IcsSchema = z
  .string({ message: 'L’identifiant créancier SEPA est un texte.' })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => v === '' || isValidIcs(v), {
    message:
      'L’identifiant créancier SEPA (ICS) n’est pas valide : vérifiez le code pays, les chiffres de contrôle et la longueur (par exemple FR72ZZZ123456).',
  })
  .transform((v) => v || null)
  .nullish()
  .transform((v) => v ?? null);

/** The characters a SEPA reference may hold (the EPC's Latin subset), 35 at most. */
const SEPA_REFERENCE = /^[A-Za-z0-9/?:().,'+-]{1,35}$/;

const ibanField = z
  .string({ message: 'Indiquez l’IBAN du débiteur.' })
  .transform((v) => electronicFormatIBAN(v) ?? '')
  .refine((v) => isValidIBAN(v), {
    message:
      'L’IBAN du débiteur n’est pas valide : vérifiez le code pays, la longueur et les chiffres de contrôle.',
  });
const bicField = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine((v) => v === '' || isValidBIC(v), {
    message: 'Le BIC doit comporter 8 ou 11 caractères (par exemple AGRIFRPPXXX).',
  })
  .transform((v) => v || null)
  .nullish()
  .transform((v) => v ?? null);

export const SepaSequenceSchema = z.enum(['FRST', 'RCUR']);
export type SepaSequence = z.infer<typeof SepaSequenceSchema>;

/** POST /api/compta/banque/mandats: a lodge's signed mandate. */
export const MandateCreateSchema = z.object({
  idEntite: RecordIdSchema,
  rum: z.string({ message: 'Indiquez la référence unique du mandat (RUM).' }).trim().regex(SEPA_REFERENCE, {
    message:
      "La référence du mandat (RUM) a de 1 à 35 caractères : lettres sans accent, chiffres et / - ? : ( ) . , ' +, sans espace.",
  }),
  dateSignature: isoDay,
  debiteur: trimmed('Le nom du débiteur', 70),
  iban: ibanField,
  bic: bicField,
});
export type MandateCreate = z.output<typeof MandateCreateSchema>;

/** POST /api/compta/banque/mandats/:id/revocation. */
export const MandateRevokeSchema = z.object({
  date: isoDay,
  motif: trimmed('Le motif de la révocation', 300),
});
export type MandateRevoke = z.output<typeof MandateRevokeSchema>;

export const MandateSchema = z.object({
  id: z.number().int(),
  idEntite: z.number().int(),
  entite: z.string(),
  rum: z.string(),
  dateSignature: z.string(),
  debiteur: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  sequence: SepaSequenceSchema,
  /** Whether the signed mandate's PDF is stored. */
  pdf: z.boolean(),
  revoqueLe: z.string().nullable(),
  motifRevocation: z.string().nullable(),
});
export type Mandate = z.infer<typeof MandateSchema>;
export const MandateListSchema = z.array(MandateSchema);

/** The batch's state: prepared and pre-notified, sent to the bank, cancelled, collected (its credit confirmed). */
export const SepaBatchStateSchema = z.enum(['PREPARE', 'TRANSMIS', 'ANNULE', 'ENCAISSE']);
export type SepaBatchState = z.infer<typeof SepaBatchStateSchema>;

/** POST /api/compta/banque/prelevements: the collection date, the Union's account, the invoices. */
export const SepaBatchCreateSchema = z.object({
  // A field left empty says what to do, not which format a date has.
  datePrelevement: z.string().min(1, { message: 'Choisissez la date de prélèvement.' }).pipe(isoDay),
  /** The Union's account credited (one of the settings'); absent: the first. */
  iban: z.string().trim().max(34).optional(),
  /** A fee call (year and third): only its invoices; absent: every invoice due. */
  annee: z.number().int().min(1990).max(2100).optional(),
  tranche: z.enum(['A', 'B', 'C']).optional(),
});
export type SepaBatchCreate = z.output<typeof SepaBatchCreateSchema>;

export const SepaBatchLineSchema = z.object({
  id: z.number().int(),
  idEntite: z.number().int(),
  entite: z.string(),
  idCommande: z.number().int(),
  numeroFacture: z.string(),
  montant: z.number().int(),
  rum: z.string(),
  sequence: SepaSequenceSchema,
  /** Returned by the bank (R-transaction): its reason, in French, and the day. */
  retour: z.object({ code: z.string(), motif: z.string(), date: z.string() }).nullable(),
});
export type SepaBatchLine = z.infer<typeof SepaBatchLineSchema>;

export const SepaBatchSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  datePrelevement: z.string(),
  etat: SepaBatchStateSchema,
  iban: z.string(),
  total: z.number().int(),
  nombre: z.number().int(),
  creeLe: z.string(),
  lignes: z.array(SepaBatchLineSchema),
});
export type SepaBatch = z.infer<typeof SepaBatchSchema>;
export const SepaBatchListSchema = z.array(SepaBatchSchema);

/** What a batch's making answers: the batch, and the lodges left out with why. */
export const SepaBatchReportSchema = z.object({
  lot: SepaBatchSchema,
  ecartees: z.array(z.object({ entite: z.string(), raison: z.string() })),
});
export type SepaBatchReport = z.infer<typeof SepaBatchReportSchema>;

/** GET /api/loge/:idEntite/prelevements: the lodge's mandate and its debits announced, read-only. */
export const LodgeDirectDebitsSchema = z.object({
  mandat: z
    .object({
      rum: z.string(),
      dateSignature: z.string(),
      /** The IBAN with its middle hidden. */
      iban: z.string(),
      revoqueLe: z.string().nullable(),
    })
    .nullable(),
  ics: z.string().nullable(),
  prelevements: z.array(
    z.object({
      datePrelevement: z.string(),
      numeroFacture: z.string(),
      montant: z.number().int(),
      etat: SepaBatchStateSchema,
      /** Rejected or returned by the bank: the reason's code and its French text. */
      retour: z.object({ code: z.string(), motif: z.string(), date: z.string() }).nullable(),
    }),
  ),
});
export type LodgeDirectDebits = z.infer<typeof LodgeDirectDebitsSchema>;

/**
 * The pain.008 versions a batch's file is written in: 001.02 (CustomerDirectDebitInitiationV02), which
 * every French bank takes, and 001.08 (V08), the EPC's current version. One writer, the differences in a
 * table (apps/api/src/modules/compta/sepa/pain008.ts).
 */
export const PAIN008_VERSIONS = ['001.02', '001.08'] as const;
export const PAIN008_VERSION_MESSAGE = 'La version du fichier pain.008 est 001.02 ou 001.08.';
export const Pain008VersionSchema = z.enum(PAIN008_VERSIONS, { message: PAIN008_VERSION_MESSAGE });
export type Pain008Version = z.infer<typeof Pain008VersionSchema>;

/** GET /api/compta/banque/prelevements/:id/pain008?version=…: 001.02 when absent (what the banks take). */
export const SepaBatchFileQuerySchema = z.object({ version: Pain008VersionSchema.default('001.02') });
export type SepaBatchFileQuery = z.input<typeof SepaBatchFileQuerySchema>;

/**
 * The reasons of SEPA R-transactions (rejects and returns, ISO 20022 ExternalReturnReason1Code as the EPC
 * lists them for SEPA Core), in French as a lodge reads them.
 */
export const SEPA_RETURN_REASONS: Readonly<Record<string, string>> = {
  AC01: 'IBAN incorrect',
  AC04: 'Compte clos',
  AC06: 'Compte bloqué',
  AC13: 'Compte d’un non-consommateur',
  AG01: 'Opération interdite sur ce compte',
  AG02: 'Code opération incorrect',
  AM04: 'Provision insuffisante',
  AM05: 'Prélèvement en double',
  BE05: 'Créancier non reconnu',
  CNOR: 'Banque du créancier non joignable',
  DNOR: 'Banque du débiteur non joignable',
  FF01: 'Fichier ou format invalide',
  MD01: 'Pas de mandat valide',
  MD02: 'Données du mandat manquantes ou incorrectes',
  MD06: 'Remboursement demandé par le débiteur',
  MD07: 'Débiteur décédé',
  MS02: 'Refusé par le débiteur',
  MS03: 'Motif non communiqué',
  RC01: 'BIC incorrect',
  RR01: 'Données réglementaires manquantes',
  RR02: 'Données réglementaires manquantes',
  RR03: 'Données réglementaires manquantes',
  RR04: 'Données réglementaires manquantes',
  SL01: 'Service spécifique de la banque',
};

/** A return's reason in French: « Provision insuffisante »; an unknown code, with « motif non reconnu ». */
export const sepaReturnReason = (code: string): string =>
  SEPA_RETURN_REASONS[code] ?? `${code} : motif non reconnu`;

/**
 * POST /api/compta/banque/lignes/:id/prelevement: the batch the line collects, or one of whose debits it
 * returns. `rejetes`: the invoices whose debits the bank rejected before settlement, when it credits the
 * batch net of them (the proposal names them); nothing is paid for them, their lodges are told.
 */
export const BankSepaConfirmSchema = z.object({
  idLot: RecordIdSchema,
  rejetes: z
    .array(RecordIdSchema, { message: 'Les prélèvements rejetés se désignent par leurs factures.' })
    .max(100, { message: 'Au plus 100 prélèvements rejetés par ligne du relevé.' })
    .optional(),
});
export type BankSepaConfirm = z.output<typeof BankSepaConfirmSchema>;

/**
 * What a statement line is proposed to be in SEPA terms: the collection of a batch sent (its credit, the
 * batch's total), or the return of one of its debits (a debit line with a reason code naming the debit's
 * end-to-end id). `exacte` when the line names the batch (or the debit) and its amount is the one due.
 */
const SepaProposalDebitSchema = z.object({
  idEntite: z.number().int(),
  entite: z.string(),
  idCommande: z.number().int(),
  numeroFacture: z.string(),
  montant: z.number().int(),
});

export const SepaLineProposalSchema = z.object({
  sens: z.enum(['ENCAISSEMENT', 'RETOUR']),
  nature: z.enum(['exacte', 'suggestion']),
  idLot: z.number().int(),
  reference: z.string(),
  datePrelevement: z.string(),
  /** The debits collected, or the one returned. */
  debits: z.array(SepaProposalDebitSchema),
  /** A batch credited net: the debits the bank rejected before settlement (empty otherwise). */
  rejetes: z.array(SepaProposalDebitSchema),
  raison: z.string(),
});
export type SepaLineProposal = z.infer<typeof SepaLineProposalSchema>;
