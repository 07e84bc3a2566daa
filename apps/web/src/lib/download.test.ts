import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../test/utils';
import { ApiError } from './api-client';
import { downloadFile, fileNameOf } from './download';

describe('file download helper', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the file name the server gives, accents included', () => {
    expect(fileNameOf('attachment; filename="devis.pdf"', 'x')).toBe('devis.pdf');
    // A name that is an HTTP token comes unquoted (the API writes the header with `content-disposition`).
    expect(fileNameOf('attachment; filename=FA-2026-0001.pdf', 'x')).toBe('FA-2026-0001.pdf');
    expect(
      fileNameOf('attachment; filename="facture.pdf"; filename*=UTF-8\'\'facture-r%C3%A9gl%C3%A9e.pdf', 'x'),
    ).toBe('facture-réglée.pdf');
    expect(fileNameOf(null, 'export.xlsx')).toBe('export.xlsx');
  });

  it('fetches with the bearer token and saves the blob under its name', async () => {
    signInAs(['USER']);
    const fetchMock = vi.fn(
      async () =>
        new Response('%PDF', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="recap.pdf"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:recap');
    // jsdom has no object URLs: provide them for this test.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await expect(downloadFile('/api/repas/3/document/recap', 'recap.pdf')).resolves.toBe('recap.pdf');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(click).toHaveBeenCalledOnce();
  });

  it('turns a refusal into an ApiError with the server message', async () => {
    signInAs(['USER']);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 404, error: 'x', message: 'Fichier introuvable.' }), {
            status: 404,
          }),
      ),
    );
    const error = await downloadFile('/api/fichier/9', 'f').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.message).toBe('Fichier introuvable.');
  });
});
