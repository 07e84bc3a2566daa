/** GET /api/admin/sauvegardes: the backups' history for the administration and the portal's warning. */
import { CALLS } from '@union/contract';
import { route } from '../../lib/route';
import type { App } from '../../types';
import { backupsRepository } from './repository';
import { backupsService } from './service';

export default async function backupsRoutes(app: App) {
  // The metrics' « last backup's age » (lib/metrics.ts): the end of the last good backup, daily or by hand.
  app.operations.lastBackupAt = () => backupsRepository.lastSuccessfulBackupAt(app.dbHandle.db);
  route(app, CALLS.backups.overview, { tags: ['administration'] }, async (request) =>
    backupsService.overview(request.ctx, app.config),
  );
}
