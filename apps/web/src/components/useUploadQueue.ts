/**
 * The upload queue (specification §3, §4, §5, §9): files wait (ready), then go one at a time (uploading)
 * and end as success, error or cancelled. No auto-upload: the screen calls uploadAll(). Options limit the
 * size, the MIME types and the queue length; a file refused by them never enters the queue.
 */
import { useCallback, useRef, useState } from 'react';
import type { ApiError, ResponseSchema } from '../lib/api-client';
import { UploadCancelled, uploadFile } from '../lib/upload';

type UploadState = 'ready' | 'uploading' | 'success' | 'error' | 'cancelled';

export interface UploadItem<R = unknown> {
  id: number;
  file: File;
  name: string;
  size: number;
  type: string;
  /** Whole percent. */
  progress: number;
  state: UploadState;
  /** The server's answer for a success, its error for a failure. */
  response?: R;
  error?: ApiError;
}

interface UploadQueueOptions<R> {
  url: string;
  /** The contract's schema of the server's answer to one file: parsed before the item shows it. */
  schema: ResponseSchema<R>;
  fieldName?: string;
  /** Extra multipart fields for a given file. */
  fieldsFor?: (file: File) => Record<string, string>;
  maxFileSize?: number;
  allowedMimeTypes?: string[];
  queueLimit?: number;
}

interface RefusedFile {
  file: File;
  reason: string;
}

let nextId = 1;

export function useUploadQueue<R>(options: UploadQueueOptions<R>) {
  // The ref is the truth the upload loop reads between renders; the state mirrors it for the screen.
  const itemsRef = useRef<UploadItem<R>[]>([]);
  const [items, setItems] = useState<UploadItem<R>[]>([]);
  const running = useRef<{ id: number; controller: AbortController } | null>(null);

  const commit = useCallback((next: UploadItem<R>[]) => {
    itemsRef.current = next;
    setItems(next);
  }, []);

  const update = useCallback(
    (id: number, change: Partial<UploadItem<R>>) =>
      commit(itemsRef.current.map((item) => (item.id === id ? { ...item, ...change } : item))),
    [commit],
  );

  /** Adds files to the queue; returns those the options refuse, with the reason in French. */
  const add = useCallback(
    (files: File[]): RefusedFile[] => {
      const refused: RefusedFile[] = [];
      const accepted: UploadItem<R>[] = [];
      const waiting = itemsRef.current.filter((item) => item.state === 'ready').length;
      for (const file of files) {
        if (options.queueLimit !== undefined && waiting + accepted.length >= options.queueLimit) {
          refused.push({ file, reason: "La file d'envoi est pleine." });
        } else if (options.maxFileSize !== undefined && file.size > options.maxFileSize) {
          refused.push({ file, reason: 'Le fichier est trop volumineux.' });
        } else if (options.allowedMimeTypes && !options.allowedMimeTypes.includes(file.type)) {
          refused.push({ file, reason: "Ce type de fichier n'est pas accepté." });
        } else {
          accepted.push({
            id: nextId++,
            file,
            name: file.name,
            size: file.size,
            type: file.type,
            progress: 0,
            state: 'ready',
          });
        }
      }
      commit([...itemsRef.current, ...accepted]);
      return refused;
    },
    [commit, options.queueLimit, options.maxFileSize, options.allowedMimeTypes],
  );

  /** Sends every waiting file, one after the other. */
  /** Sends the waiting files one after the other; answers how many the server took. */
  const uploadAll = useCallback(async (): Promise<number> => {
    if (running.current) return 0;
    let sent = 0;
    for (let next = itemsRef.current.find((item) => item.state === 'ready'); next;) {
      const { id, file } = next;
      const controller = new AbortController();
      running.current = { id, controller };
      update(id, { state: 'uploading', progress: 0 });
      try {
        const response = await uploadFile({
          url: options.url,
          schema: options.schema,
          file,
          fieldName: options.fieldName,
          fields: options.fieldsFor?.(file),
          signal: controller.signal,
          onProgress: (progress) => update(id, { progress }),
        });
        update(id, { state: 'success', progress: 100, response });
        sent += 1;
      } catch (error) {
        update(
          id,
          error instanceof UploadCancelled
            ? { state: 'cancelled' }
            : { state: 'error', error: error as ApiError },
        );
      } finally {
        running.current = null;
      }
      next = itemsRef.current.find((item) => item.state === 'ready');
    }
    return sent;
  }, [options, update]);

  /** Cancels a file: the one being sent is aborted, a waiting one simply never goes. */
  const cancel = useCallback(
    (id: number) => {
      if (running.current?.id === id) running.current.controller.abort();
      else
        commit(
          itemsRef.current.map((item) =>
            item.id === id && item.state === 'ready' ? { ...item, state: 'cancelled' } : item,
          ),
        );
    },
    [commit],
  );

  const remove = useCallback(
    (id: number) => {
      if (running.current?.id === id) running.current.controller.abort();
      commit(itemsRef.current.filter((item) => item.id !== id));
    },
    [commit],
  );

  return {
    items,
    add,
    uploadAll,
    cancel,
    remove,
    isUploading: items.some((item) => item.state === 'uploading'),
  };
}
