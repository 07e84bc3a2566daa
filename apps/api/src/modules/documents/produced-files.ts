/**
 * GET /api/files/{name}: the files the application itself produces, by name, from this fixed catalogue.
 * A name not in it answers 404: nothing is ever read from a disk path, so no name can reach another
 * file. Each entry checks its own right. Uploaded documents are served by GET /api/fichier/{id}.
 */
import { IMPORT_COLUMNS } from '@union/contract';
import { hasHabilitation, type Caller } from '../../lib/authorize';

export interface ProducedFile {
  mime: string;
  /** Who may download it. */
  allowed(caller: Caller): boolean;
  content(): Buffer;
}

export const PRODUCED_FILES: Readonly<Record<string, ProducedFile>> = {
  /** The members import template (the same as the import wizard's), for the importers. */
  'modele-import-membres.csv': {
    mime: 'text/csv; charset=utf-8',
    allowed: (caller) => hasHabilitation(caller, 'LOGE') || hasHabilitation(caller, 'ADMIN'),
    content: () => {
      const header = Object.values(IMPORT_COLUMNS)
        .map((c) => c.titre)
        .join(';');
      const example = 'Dupont;Jean;jean.dupont@exemple.fr;04 78 00 00 00;Membre';
      // A BOM so that Excel reads the accents.
      return Buffer.from(`\uFEFF${header}\r\n${example}\r\n`, 'utf8');
    },
  },
};
