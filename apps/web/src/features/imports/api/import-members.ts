/**
 * POST /api/user/import?idEntite=&dryRun=: sends the members file with upload progress, through the one
 * upload helper (lib/upload.ts: bearer token, XSRF echo, progress, the api client's error shape).
 */
import { useMutation } from '@tanstack/react-query';
import { IMPORT_CALLS, pathTo, type ImportReport } from '@union/contract';
import { uploadFile } from '../../../lib/upload';

interface ImportRequest {
  idEntite: number;
  file: File;
  /** true: preview only; false: the real import. */
  dryRun: boolean;
  /** Whole percent of the file sent so far. */
  onProgress?: (percent: number) => void;
}

/** Sends the file; resolves with the report, rejects with an ApiError. */
export function sendMembersFile({
  idEntite,
  file,
  dryRun,
  onProgress,
}: ImportRequest): Promise<ImportReport> {
  // A multipart upload (lib/upload.ts) of the table's call: its path, its query and its answer's schema.
  const call = IMPORT_CALLS.userImport;
  return uploadFile({
    url: pathTo(call.path, {}, { idEntite, dryRun }),
    schema: call.responses[200],
    file,
    fieldName: 'fichier',
    onProgress,
  });
}

/** The preview or the import; failures (412 with the reason) go to the global error modal. */
export function useImportMembers() {
  return useMutation({ mutationFn: sendMembersFile });
}
