/**
 * POST /api/user/import?idEntite=&dryRun=: sends the members file with upload progress. fetch cannot
 * report upload progress, so this one call uses XMLHttpRequest, with the same bearer token, XSRF echo
 * and error shape as the api client.
 */
import { useMutation } from '@tanstack/react-query';
import { API, IMPORTS_API, type ImportReport } from '@union/contract';
import { ApiError, readCookie } from '../../../lib/api-client';
import { XSRF_COOKIE, XSRF_HEADER } from '../../../lib/config';
import { getAccessToken } from '../../../lib/session';

export interface ImportRequest {
  idEntite: number;
  file: File;
  /** true: preview only; false: the real import. */
  dryRun: boolean;
  /** Whole percent of the file sent so far. */
  onProgress?: (percent: number) => void;
}

/** Sends the file; resolves with the report, rejects with an {@link ApiError}. */
export async function sendMembersFile({
  idEntite,
  file,
  dryRun,
  onProgress,
}: ImportRequest): Promise<ImportReport> {
  // As the api client does: one harmless GET obtains the XSRF cookie when the page has none yet.
  const token = getAccessToken();
  if (!readCookie(XSRF_COOKIE) && token) {
    await fetch(API.droits, {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    }).catch(() => undefined);
  }
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORTS_API.userImportFor(idEntite, dryRun));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Le serveur ne répond pas.' }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : {};
      } catch {
        body = { message: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as ImportReport);
      else reject(new ApiError(xhr.status, body as ApiError['body']));
    };
    const form = new FormData();
    form.append('fichier', file, file.name);
    xhr.send(form);
  });
}

/** The preview or the import; failures (412 with the reason) go to the global error modal. */
export function useImportMembers() {
  return useMutation({ mutationFn: sendMembersFile });
}
