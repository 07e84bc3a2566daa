/** The import report: counts per action and every row with what happened to it and why. */
import type { ImportReport } from '@union/contract';
import type { ParsedFile } from './parse';
import type { PlannedRow } from './plan';

/** Turns a plan into the report the preview and the final summary show. */
export function presentReport(input: {
  dryRun: boolean;
  entity: { id: number; nom: string };
  fileName: string;
  parsed: ParsedFile;
  planned: PlannedRow[];
  identifiants: Map<PlannedRow, string>;
}): ImportReport {
  const { planned } = input;
  const count = (action: PlannedRow['action']) => planned.filter((p) => p.action === action).length;
  return {
    dryRun: input.dryRun,
    entite: { id: input.entity.id, nom: input.entity.nom },
    fichier: {
      nom: input.fileName,
      format: input.parsed.format,
      encodage: input.parsed.encodage,
      separateur: input.parsed.separateur,
    },
    colonnesIgnorees: input.parsed.colonnesIgnorees,
    total: planned.length,
    creations: count('creation'),
    misesAJour: count('mise_a_jour'),
    inchangees: count('inchangee'),
    rejets: count('rejet'),
    lignes: planned.map((p) => ({
      ligne: p.ligne,
      nom: p.values.nom,
      prenom: p.values.prenom,
      email: p.values.email,
      telephone: p.values.telephone || null,
      fonction: p.values.fonction || null,
      action: p.action,
      motif: p.motif,
      identifiant: p.existing?.identifiant ?? input.identifiants.get(p) ?? null,
    })),
  };
}
