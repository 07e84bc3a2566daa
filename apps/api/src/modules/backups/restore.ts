/** A restore, as `npm run restore` runs it and the restore drill tests it. */
import { restorePayload, type RestoreTarget } from './engines';
import { openBackupFile, type BackupHeader } from './format';

export async function restoreBackup(
  file: string,
  options: RestoreTarget & { passphrase?: string; force: boolean },
): Promise<BackupHeader> {
  const opened = await openBackupFile(file, options.passphrase);
  try {
    await restorePayload(opened.header, opened.payloadPath, options, options.force);
    return opened.header;
  } finally {
    await opened.dispose();
  }
}
