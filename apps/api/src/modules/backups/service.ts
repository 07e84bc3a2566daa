/** What the administration shows of the backups, and what the portal's warning reads. */
import { BACKUP_WARNING_AFTER_HOURS, type BackupsOverview } from '@union/contract';
import type { Config } from '../../config';
import { authorize } from '../../lib/authorize';
import type { RequestContext } from '../../lib/context';
import { may } from './policy';
import { presentBackup } from './presenter';
import { backupsRepository } from './repository';

/** The last backups shown. */
const SHOWN = 20;

export type BackupSettings = Pick<Config, 'BACKUP_DIR' | 'BACKUP_TIME' | 'BACKUP_KEEP' | 'BACKUP_PASSPHRASE'>;

export const backupsService = {
  async overview(ctx: RequestContext, settings: BackupSettings): Promise<BackupsOverview> {
    authorize(may({ caller: ctx.caller }, 'READ', null));
    const [rows, last] = await Promise.all([
      backupsRepository.latest(ctx.db, SHOWN),
      backupsRepository.lastSuccessfulBackupAt(ctx.db),
    ]);
    return {
      sauvegardes: rows.map(presentBackup),
      derniereReussie: last?.toISOString() ?? null,
      enRetard: !last || ctx.clock.now().getTime() - last.getTime() > BACKUP_WARNING_AFTER_HOURS * 3600_000,
      quotidienne: {
        active: Boolean(settings.BACKUP_DIR),
        heure: settings.BACKUP_TIME,
        conservees: settings.BACKUP_KEEP,
        chiffrees: Boolean(settings.BACKUP_PASSPHRASE),
      },
    };
  },
};
