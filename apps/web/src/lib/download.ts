/**
 * The file download helper (specification §2 "Shared elements"): files come from calls that need the
 * bearer token (so not plain links), are read as a blob and saved under the name the server gives.
 */
import { sendRequest, type RequestOptions } from './api-client';

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*=UTF-8''…` form first (accents
 * survive it), then the plain `filename="…"`, else the fallback.
 */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoding: fall through to the plain form.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1]?.trim() || fallback;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser the time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file from the API (GET by default; POST with a body for exports of search results) and
 * returns the name it was saved under. Failures are ApiErrors, like any other call.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: RequestOptions = {},
): Promise<string> {
  const response = await sendRequest(path, { ...options, headers: { Accept: '*/*', ...options.headers } });
  const fileName = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), fileName);
  return fileName;
}
