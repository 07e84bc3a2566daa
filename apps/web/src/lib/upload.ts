/**
 * File upload (specification §3 "File upload item", §4, §8, §9): multipart, the bearer token in the
 * Authorization header, progress in whole percent, and a cancel. XMLHttpRequest rather than fetch because
 * only it reports upload progress.
 */
import { ApiError, parseAnswer, readCookie, xsrfToken, type ResponseSchema } from './api-client';
import { XSRF_COOKIE, XSRF_HEADER } from './config';
import { getAccessToken } from './session';

interface UploadRequest<T> {
  url: string;
  /** The contract's schema of the answer: parsed like every answer the api client reads. */
  schema: ResponseSchema<T>;
  file: File;
  /** Name of the multipart field holding the file. */
  fieldName?: string;
  /** Other multipart fields sent with the file (a document's title, its entity…). */
  fields?: Record<string, string>;
  method?: 'POST' | 'PUT';
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** A cancelled upload is reported apart from failures (specification §8). */
export class UploadCancelled extends Error {
  constructor() {
    super("L'envoi du fichier a été annulé.");
    this.name = 'UploadCancelled';
  }
}

/** Statuses 200 to 299 and 304 are a success; anything else is an error. */
export function isUploadSuccess(status: number): boolean {
  return (status >= 200 && status < 300) || status === 304;
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/**
 * Sends one file; resolves with the parsed answer, rejects with an ApiError or UploadCancelled. Used by
 * the documents' upload queue (`useUploadQueue`) and by the member import.
 */
export function uploadFile<T>(request: UploadRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (request.signal?.aborted) return reject(new UploadCancelled());
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields ?? {})) form.append(name, value);
    form.append(request.fieldName ?? 'file', request.file, request.file.name);

    const xhr = new XMLHttpRequest();
    const token = getAccessToken();
    const send = (xsrf: string | null) => {
      // Cancelled while the XSRF cookie was being fetched: nothing was sent.
      if (request.signal?.aborted) return reject(new UploadCancelled());
      xhr.open(request.method ?? 'POST', request.url);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
      request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    };

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseText(xhr.responseText);
      if (isUploadSuccess(xhr.status)) {
        parseAnswer(request.url, xhr.status, body, request.schema).then((answer) => {
          request.onProgress?.(100);
          resolve(answer);
        }, reject);
      } else {
        reject(new ApiError(xhr.status, (body ?? {}) as ApiError['body']));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Le serveur ne répond pas.' }));
    xhr.onabort = () => reject(new UploadCancelled());

    // As the api client does: without the XSRF cookie (the dev server served the page), one harmless
    // GET obtains it first; with it, the file goes at once.
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf || !token) send(xsrf);
    else void xsrfToken(`Bearer ${token}`).then(send);
  });
}
