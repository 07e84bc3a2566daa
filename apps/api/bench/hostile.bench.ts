/**
 * Hostile uploads (issue 17): four PDF bombs published at once (a content stream that inflates to
 * 256 MiB, caught by the cap on inflated bytes), four written in hexadecimal (which zlib cannot see: the
 * worker's time and memory limits stop them), four member-import zip bombs, beside four plain PDFs
 * published at once. The compiled server runs in its own process; meanwhile two clients of this process
 * call GET /api/parametres/droits without pause. For each case: that route's p50/p99/max, the uploads'
 * time, and the growth of the server's resident memory (VmRSS sampled from /proc/<pid>/status every
 * 10 ms, peak minus before). Then the anonymous bodies of issue 31 (a form of a million fields, 24 MB),
 * each sent to the four public calls, which must refuse them with 413 before reading them: the probes'
 * p99 beside the quiet case is what « no request freezes everyone » means. Numbers only.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { API } from '@union/contract';
import { pdfWith } from '../test/documents-helpers';
import { hostileCorpus } from '../test/hostile-files';
import { prepareDataset } from './dataset';
import { freePort, startApp } from './http';

const XSRF = 'bench-xsrf';
const PROBES = 2;

const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return Number(line?.[1] ?? 0) / 1024;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

export default async function hostileBench() {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: new URL('..', import.meta.url),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('build failed');
  const corpus = await hostileCorpus();
  const plain = await pdfWith(
    ...Array.from({ length: 20 }, (_, i) => `Compte rendu de la tenue, page ${i + 1}. `.repeat(40)),
  );
  const data = await prepareDataset('pglite');
  const app = await startApp(data, await freePort());
  const headers = {
    authorization: `Bearer ${data.token}`,
    cookie: `XSRF-TOKEN=${XSRF}`,
    'x-xsrf-token': XSRF,
  };
  const publish = async (name: string, content: Buffer) => {
    const form = new FormData();
    form.append('type', 'C');
    form.append('titre', `Banc ${name}`);
    form.append('date', '2026-11-02');
    form.append('idEntite', String(data.lodgeIds[0]));
    form.append('audience', 'ENTITE');
    form.append('fichier', new Blob([content], { type: 'application/pdf' }), name);
    const response = await fetch(`${app.url}${API.documents.document}`, {
      method: 'POST',
      headers,
      body: form,
    });
    const body = (await response.json()) as { avertissement?: string; message?: string };
    return `${response.status}${body.avertissement ? ' sans texte' : ''}`;
  };
  const importFile = async (content: Buffer) => {
    const form = new FormData();
    form.append('fichier', new Blob([content]), 'membres.xlsx');
    const response = await fetch(
      `${app.url}${API.imports.userImport}?idEntite=${data.lodgeIds[0]}&dryRun=true`,
      { method: 'POST', headers, body: form },
    );
    await response.arrayBuffer();
    return String(response.status);
  };

  /** Runs `work` while the probes call the cheap route and the server's memory is sampled. */
  const measureCase = async (label: string, work: () => Promise<string[]>) => {
    // The server settles after the case before (a worker replaced, garbage collected).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = rssMiB(app.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(app.pid))), 10);
    const latencies: number[] = [];
    let running = true;
    const probes = Array.from({ length: PROBES }, async () => {
      while (running) {
        const start = performance.now();
        const response = await fetch(`${app.url}/api/parametres/droits`, { headers });
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
      }
    });
    const t0 = performance.now();
    const answers = await work();
    const seconds = (performance.now() - t0) / 1000;
    // The probes run at least 3 s, so a quiet case has as many samples as a busy one.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3000 - seconds * 1000)));
    running = false;
    await Promise.all(probes);
    clearInterval(sampler);
    latencies.sort((a, b) => a - b);
    return {
      cas: label,
      réponses: [...new Set(answers)].join(', '),
      'durée s': Number(seconds.toFixed(2)),
      'droits : appels': latencies.length,
      'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
      'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
      'max ms': Number(latencies.at(-1)!.toFixed(1)),
      'RSS avant Mo': Math.round(before),
      'RSS +Mo (pic)': Math.round(peak - before),
    };
  };

  /** A body sent anonymously to a public call: its answer, or « fermée » when the server closed first. */
  const anonymous = (path: string, body: Buffer) =>
    fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        return String(response.status);
      })
      .catch(() => 'fermée');
  const publicCalls = [
    API.payments.ipn,
    API.auth.token,
    API.passkeys.signInOptions,
    API.documents.unsubscribe,
  ];
  const millionFields = Buffer.from(
    Array.from({ length: 1_000_000 }, (_, i) => `k${i % 100000}=v`).join('&'),
  );
  const big = Buffer.alloc(24 * 1024 * 1024, 'a');

  const four = <T>(make: (n: number) => Promise<T>) => Promise.all([1, 2, 3, 4].map(make));
  try {
    const rows = [];
    rows.push(await measureCase('rien (référence)', async () => []));
    // The first PDF starts the worker thread: not measured.
    await publish('amorce.pdf', plain);
    rows.push(
      await measureCase('4 PDF ordinaires (20 pages)', () => four((n) => publish(`plain-${n}.pdf`, plain))),
    );
    rows.push(
      await measureCase('4 bombes PDF (256 Mio, zlib)', () =>
        four((n) => publish(`bombe-${n}.pdf`, corpus.pdfBomb)),
      ),
    );
    rows.push(
      await measureCase('4 bombes PDF (zlib sous 2 couches)', () =>
        four((n) => publish(`bombe2-${n}.pdf`, corpus.pdfBombTwoLayers)),
      ),
    );
    rows.push(
      await measureCase('4 bombes PDF (hexadécimal)', () =>
        four((n) => publish(`hex-${n}.pdf`, corpus.pdfBombHex)),
      ),
    );
    rows.push(
      await measureCase('4 imports .xlsx bombes (menteuses)', () =>
        four(() => importFile(corpus.xlsxBombLying)),
      ),
    );
    rows.push(
      await measureCase('corps anonymes : formulaire d’un million de champs ×4', () =>
        Promise.all(publicCalls.map((path) => anonymous(path, millionFields))),
      ),
    );
    rows.push(
      await measureCase('corps anonymes : 24 Mo ×4', () =>
        Promise.all(publicCalls.map((path) => anonymous(path, big))),
      ),
    );
    console.log(
      `\n## Fichiers hostiles (serveur compilé, PGlite ; ${PROBES} clients appellent GET /api/parametres/droits sans pause)`,
    );
    console.table(rows);
    console.log(
      `Tailles : bombe PDF ${(corpus.pdfBomb.length / 1024).toFixed(0)} ko, hexadécimale ${(corpus.pdfBombHex.length / 1024).toFixed(0)} ko, ` +
        `PDF ordinaire ${(plain.length / 1024).toFixed(0)} ko.`,
    );
  } finally {
    await app.stop();
    await data.cleanup();
  }
}
