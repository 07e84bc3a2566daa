import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, noContent, signInAs } from '../../test/utils';
import { isUploadSuccess } from '../lib/upload';
import { useUploadQueue } from './useUploadQueue';

/** The queue's mechanics do not depend on the answer's shape (the documents' screen gives its schema). */
const anyAnswer = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

/** A fake XMLHttpRequest the test drives by hand: progress, answer, abort. */
class FakeXhr {
  static all: FakeXhr[] = [];
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  body?: FormData;
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.all.push(this);
  }
  open() {}
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const pdf = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'application/pdf' });

describe('upload queue', () => {
  beforeEach(() => {
    FakeXhr.all = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts 200 to 299 and 304 as success', () => {
    expect([200, 201, 204, 299, 304].every(isUploadSuccess)).toBe(true);
    expect([0, 302, 400, 412, 500].some(isUploadSuccess)).toBe(false);
  });

  it('refuses files over the size, of another type or beyond the queue limit', () => {
    const { result } = renderHook(() =>
      useUploadQueue({
        url: '/api/x',
        schema: anyAnswer,
        maxFileSize: 100,
        allowedMimeTypes: ['application/pdf'],
        queueLimit: 1,
      }),
    );
    let refused: ReturnType<typeof result.current.add> = [];
    act(() => {
      refused = result.current.add([
        pdf('gros.pdf', 200),
        new File(['x'], 'a.exe', { type: 'application/x-msdownload' }),
        pdf('a.pdf'),
        pdf('b.pdf'),
      ]);
    });
    expect(refused.map((r) => [r.file.name, r.reason])).toEqual([
      ['gros.pdf', 'Le fichier est trop volumineux.'],
      ['a.exe', "Ce type de fichier n'est pas accepté."],
      ['b.pdf', "La file d'envoi est pleine."],
    ]);
    expect(result.current.items.map((i) => [i.name, i.state])).toEqual([['a.pdf', 'ready']]);
  });

  it('sends one file at a time with the bearer, reports whole-percent progress, success and error', async () => {
    const { result } = renderHook(() =>
      useUploadQueue({ url: '/api/document/3/fichier', schema: anyAnswer }),
    );
    act(() => void result.current.add([pdf('a.pdf'), pdf('b.pdf')]));
    let done: Promise<number> = Promise.resolve(0);
    act(() => {
      done = result.current.uploadAll();
    });
    expect(FakeXhr.all).toHaveLength(1);
    const first = FakeXhr.all[0]!;
    expect(first.headers.Authorization).toBe('Bearer test-token');
    expect(first.headers['X-XSRF-TOKEN']).toBe('jeton');
    expect((first.body!.get('file') as File).name).toBe('a.pdf');

    act(() => first.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 }));
    expect(result.current.items[0]).toMatchObject({ state: 'uploading', progress: 33 });
    expect(result.current.items[1]!.state).toBe('ready');

    await act(async () => first.answer(201, { id: 9 }));
    expect(result.current.items[0]).toMatchObject({ state: 'success', progress: 100, response: { id: 9 } });
    expect(FakeXhr.all).toHaveLength(2);

    await act(async () => FakeXhr.all[1]!.answer(412, { message: 'Fichier illisible.' }));
    // One of the two was taken: what the screen says once the queue is through.
    await act(async () => expect(await done).toBe(1));
    expect(result.current.items[1]).toMatchObject({ state: 'error' });
    expect(result.current.items[1]!.error?.body.message).toBe('Fichier illisible.');
  });

  it('reports a cancelled upload apart, and goes on with the next file', async () => {
    const { result } = renderHook(() => useUploadQueue({ url: '/api/x', schema: anyAnswer }));
    act(() => void result.current.add([pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]));
    let done: Promise<number> = Promise.resolve(0);
    act(() => {
      done = result.current.uploadAll();
    });
    const [a, b, c] = result.current.items;
    act(() => result.current.cancel(b!.id));
    await act(async () => result.current.cancel(a!.id));
    expect(result.current.items.map((i) => i.state)).toEqual(['cancelled', 'cancelled', 'uploading']);
    await act(async () => FakeXhr.all[1]!.answer(200, {}));
    await act(async () => done);
    expect(result.current.items.find((i) => i.id === c!.id)?.state).toBe('success');
    expect(FakeXhr.all).toHaveLength(2);
  });

  it('obtains the XSRF cookie first when the page has none, then sends the file with it', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const calls = mockApi({
      'GET /api/parametres/droits': () => {
        document.cookie = 'XSRF-TOKEN=frais; path=/';
        // The client reads only the cookie of this answer.
        return noContent(200);
      },
    });
    const { result } = renderHook(() => useUploadQueue({ url: '/api/x', schema: anyAnswer }));
    act(() => void result.current.add([pdf('a.pdf')]));
    let done: Promise<number> = Promise.resolve(0);
    await act(async () => {
      done = result.current.uploadAll();
    });
    await vi.waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/parametres/droits']);
    expect(FakeXhr.all[0]!.headers['X-XSRF-TOKEN']).toBe('frais');
    await act(async () => FakeXhr.all[0]!.answer(201, {}));
    await act(async () => done);
    expect(result.current.items[0]!.state).toBe('success');
  });
});
