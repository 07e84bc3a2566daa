import type { ImportReport } from '@union/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInAs } from '../../../../test/utils';
import { ApiError } from '../../../lib/api-client';
import { sendMembersFile } from './import-members';

/** A fake XMLHttpRequest: records what the upload helper sends, answers when told. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  body?: FormData;
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {}
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** An empty preview, as the contract types it. */
const report: ImportReport = {
  dryRun: true,
  entite: { id: 3, nom: 'Loge La Concorde' },
  fichier: { nom: 'membres.csv', format: 'csv', encodage: 'UTF-8', separateur: ';' },
  colonnesIgnorees: [],
  total: 0,
  creations: 0,
  misesAJour: 0,
  inchangees: 0,
  rejets: 0,
  lignes: [],
};

const csv = new File(['Nom;Prénom;E-mail\n'], 'membres.csv', { type: 'text/csv' });

describe('sending the members file', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    signInAs(['USER']);
    document.cookie = 'XSRF-TOKEN=jeton; path=/';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes through the upload helper: the import address, the file as « fichier », bearer, XSRF, progress', async () => {
    const progress: number[] = [];
    const sent = sendMembersFile({
      idEntite: 3,
      file: csv,
      dryRun: true,
      onProgress: (p) => progress.push(p),
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/user/import?idEntite=3&dryRun=true']);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer test-token', 'X-XSRF-TOKEN': 'jeton' });
    expect((xhr.body!.get('fichier') as File).name).toBe('membres.csv');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    xhr.answer(200, report);
    await expect(sent).resolves.toEqual(report);
    expect(progress).toEqual([50, 100]);
  });

  it('refuses an answer that departs from the contract, as every call does', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const sent = sendMembersFile({ idEntite: 3, file: csv, dryRun: true });
    FakeXhr.last!.answer(200, { dryRun: true, total: 0 });
    const error = await sent.catch((e: unknown) => e);
    expect((error as ApiError).body.error).toBe('unexpected_response');
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/hors contrat.*entite/);
    logged.mockRestore();
  });

  it("rejects with the server's refusal", async () => {
    const sent = sendMembersFile({ idEntite: 3, file: csv, dryRun: false });
    expect(FakeXhr.last!.url).toBe('/api/user/import?idEntite=3&dryRun=false');
    FakeXhr.last!.answer(412, { message: 'La colonne « E-mail » manque.' });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('La colonne « E-mail » manque.');
  });
});
