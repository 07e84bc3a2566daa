/** History rows → the contract's `BackupEntry`. */
import type { BackupEntry } from '@union/contract';
import type { BackupRow } from './repository';

export const presentBackup = (r: BackupRow): BackupEntry => ({
  id: r.id,
  origine: r.origine,
  debut: r.debut.toISOString(),
  fin: r.fin.toISOString(),
  reussie: r.reussie,
  fichier: r.fichier,
  taille: r.taille,
  chiffree: r.chiffree,
  erreur: r.erreur,
});
