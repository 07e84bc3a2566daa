/**
 * Member import (POST /api/user/import?idEntite=) and the members Excel export of an entity.
 * The import is called twice with the same file: first with `dryRun=true` (nothing is written, the
 * report says what would happen to each row), then without it (the same rows are applied in one
 * transaction and the report says what happened).
 */
import { z } from 'zod';
import { MAX_RECORD_ID, decimalParam } from './ids';
import { codeList } from './enums';

/** Largest file the import accepts, in bytes (a 5,000-member CSV weighs about 400 kB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Largest number of data rows in one file. */
export const IMPORT_MAX_ROWS = 10_000;

/** The columns of an import file, with the header the template and the export use. */
export const IMPORT_COLUMNS = {
  nom: { titre: 'Nom', obligatoire: true },
  prenom: { titre: 'Prénom', obligatoire: true },
  email: { titre: 'E-mail', obligatoire: true },
  telephone: { titre: 'Téléphone', obligatoire: false },
  fonction: { titre: 'Fonction', obligatoire: false },
} as const;
export type ImportColumn = keyof typeof IMPORT_COLUMNS;

/** What happens to one row of the file. */
export const ImportAction = codeList({
  creation: 'À créer',
  mise_a_jour: 'À mettre à jour',
  inchangee: 'Inchangée',
  rejet: 'Rejetée',
});
export type ImportAction = z.infer<typeof ImportAction.schema>;

export const ImportQuerySchema = z.object({
  idEntite: decimalParam(
    z
      .number({ message: "Indiquez l'entité dans laquelle importer les membres." })
      .int()
      .positive({ message: "Indiquez l'entité dans laquelle importer les membres." })
      .max(MAX_RECORD_ID, { message: "Cette entité n'existe pas." }),
    "Indiquez l'entité dans laquelle importer les membres.",
  ),
  /** `true`: preview only, nothing is written. */
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun vaut true (aperçu) ou false (import).' })
    .optional()
    .transform((v) => v === 'true'),
});
export type ImportQuery = z.input<typeof ImportQuerySchema>;

export const ImportRowSchema = z.object({
  /** Line number in the file (the header is line 1), as the user sees it in a spreadsheet. */
  ligne: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  telephone: z.string().nullable(),
  fonction: z.string().nullable(),
  action: ImportAction.schema,
  /** For a rejected row, why; for an update, what changes. */
  motif: z.string().nullable(),
  /** The identifiant of the existing or created account (null for a rejected row). */
  identifiant: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  entite: z.object({ id: z.number().int(), nom: z.string() }),
  fichier: z.object({
    nom: z.string(),
    format: z.enum(['csv', 'xlsx']),
    /** For a CSV: the encoding and separator recognised. */
    encodage: z.string().nullable(),
    separateur: z.string().nullable(),
  }),
  /** Columns of the file the import does not use. */
  colonnesIgnorees: z.array(z.string()),
  total: z.number().int(),
  creations: z.number().int(),
  misesAJour: z.number().int(),
  inchangees: z.number().int(),
  rejets: z.number().int(),
  lignes: z.array(ImportRowSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** Query of the members export: `actifs` (default) only current members, `tous` every membership. */
export const MembersExportQuerySchema = z.object({
  perimetre: z
    .enum(['actifs', 'tous'], {
      message: 'Le périmètre vaut « actifs » (membres actuels) ou « tous » (actuels et anciens).',
    })
    .default('actifs'),
});
