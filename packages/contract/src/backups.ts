/** Backups (DECISIONS §8): what the administration shows of them, and the portal's warning. */
import { z } from 'zod';

/** The portal warns the administrators when the last good backup is older than this. */
export const BACKUP_WARNING_AFTER_HOURS = 48;

export const BackupOrigin = { quotidienne: 'Quotidienne', manuelle: 'Manuelle (npm run backup)' } as const;

export const BackupEntrySchema = z.object({
  id: z.number().int(),
  origine: z.enum(['quotidienne', 'manuelle']),
  debut: z.string(),
  fin: z.string(),
  reussie: z.boolean(),
  /** The file on the server's machine; null when none was written. */
  fichier: z.string().nullable(),
  /** In bytes. */
  taille: z.number().int().nullable(),
  chiffree: z.boolean(),
  erreur: z.string().nullable(),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

/** `GET /api/admin/sauvegardes`: the last backups, the last good one, and the daily settings. */
export const BackupsOverviewSchema = z.object({
  sauvegardes: z.array(BackupEntrySchema),
  /** When the last good backup ended; null when none ever did. */
  derniereReussie: z.string().nullable(),
  /** True when the last good backup is more than two days old, or there is none. */
  enRetard: z.boolean(),
  quotidienne: z.object({
    /** False when BACKUP_DIR is not set: the server takes no daily backup. */
    active: z.boolean(),
    /** HH:MM, Paris time. */
    heure: z.string(),
    conservees: z.number().int(),
    chiffrees: z.boolean(),
  }),
});
export type BackupsOverview = z.infer<typeof BackupsOverviewSchema>;
