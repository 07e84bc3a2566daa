/**
 * Documents: search over 20,000 documents (GET /api/document/all?q=…, words in titles and in the PDFs'
 * text, read rule applied), and the upload of a 20 MB file (time, and the process's peak memory above
 * what it held before: the upload is streamed to a temporary file and copied into the database in
 * chunks, never held whole in memory twice). Numbers only.
 */
import { performance } from 'node:perf_hooks';
import PDFDocument from 'pdfkit';
import { documentFiles, documents, entities, memberships, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/secrets';
import { measure, peakMemory, report } from './lib';
import { READER_WORDS } from './lists-dataset';
import { CLIENT_BASIC, startBenchApp } from './setup';

const DOCUMENTS = 20_000;
const BATCH = 1000;
const PASSWORD = 'Mot-de-passe-bench-1';
const XSRF = 'bench-xsrf';
const VOCABULARY = (
  'tenue loge fraternité convocation ordre jour planche agapes solstice temple hiram salomon trésorerie ' +
  'cotisation assemblée générale bureau conseil procès verbal lettre information rituel initiation ' +
  'élévation banquet secrétariat vénérable orateur hospitalier travaux lumière équinoxe colonne'
).split(' ');

function pdf(text: string, padBytes: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat([...chunks, Buffer.from(`%${'x'.repeat(padBytes)}\n`)])));
    doc.text(text);
    doc.end();
  });
}

async function token(url: string, username: string) {
  const response = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: PASSWORD }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

export default async function documentsBench() {
  const bench = await startBenchApp();
  const db = bench.handle.db;
  const lodges = await db
    .insert(entities)
    .values(
      Array.from({ length: 40 }, (_, i) => ({ code: `LOGE-${i}`, nom: `Loge ${i}`, type: 'GODF' as const })),
    )
    .returning({ id: entities.id });
  const passwordHash = await hashPassword(PASSWORD);
  const [reader, manager] = await db
    .insert(users)
    .values([
      {
        identifiant: 'lecteur',
        nom: 'L',
        prenom: 'L',
        email: 'l@exemple.fr',
        habilitations: ['USER', 'DOCUMENTS_LECTURE'],
        passwordHash,
      },
      {
        identifiant: 'gerant',
        nom: 'G',
        prenom: 'G',
        email: 'g@exemple.fr',
        habilitations: ['USER', 'DOCUMENTS_LECTURE'],
        passwordHash,
      },
    ])
    .returning({ id: users.id });
  await db.insert(memberships).values([
    { userId: reader!.id, entityId: lodges[0]!.id },
    { userId: manager!.id, entityId: lodges[0]!.id, gestion: true },
  ]);

  // The documents share one stored file: the search reads the documents' text, not their files.
  const [file] = await db
    .insert(documentFiles)
    .values({ nom: 'x.pdf', mime: 'application/pdf', taille: 1, sha256: '' })
    .returning({ id: documentFiles.id });
  const loadStart = performance.now();
  await bench.handle.exec('DROP INDEX documents_recherche_idx');
  for (let start = 0; start < DOCUMENTS; start += BATCH) {
    await db.insert(documents).values(
      Array.from({ length: BATCH }, (_, k) => {
        const i = start + k;
        // About 400 words of text per document: a few of the vocabulary, the rest words of their own, so
        // that a word is found in a share of the documents, not in all of them.
        const words = Array.from({ length: 400 }, (_, w) =>
          w % 20 === 0
            ? VOCABULARY[(i * 7 + w * 13) % VOCABULARY.length]
            : `mot${(i * 31 + w * 17) % 50_000}`,
        );
        return {
          type: 'VNIDCAB'[i % 7] as 'V',
          titre: `${VOCABULARY[i % VOCABULARY.length]} ${VOCABULARY[(i * 3) % VOCABULARY.length]} n° ${i}`,
          jour: `${2005 + (i % 21)}-${String(1 + (i % 12)).padStart(2, '0')}-15`,
          entityId: lodges[i % lodges.length]!.id,
          audience: i % 5 === 0 ? ('TOUS' as const) : ('ENTITE' as const),
          fileId: file!.id,
          texte: `${words.join(' ')} mot${i}`,
        };
      }),
    );
  }
  await bench.handle.exec('CREATE INDEX documents_recherche_idx ON documents USING gin (recherche)');
  await bench.handle.exec('ANALYZE');
  const loadSeconds = (performance.now() - loadStart) / 1000;
  console.log(`${DOCUMENTS} documents chargés en ${loadSeconds.toFixed(1)} s`);

  const readerToken = await token(bench.url, 'lecteur');
  const search = (q: string) =>
    fetch(`${bench.url}/api/document/all?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${readerToken}` },
    }).then(async (r) => r.status === 200 && ((await r.json()) as { total: number }).total >= 0);
  const alone = { requests: 100, concurrency: 1, warmup: 10 };
  const together = { requests: 200, concurrency: 4, warmup: 0 };
  const measures = [
    await measure(
      'mots (7 recherches variées), lecteur d’une loge',
      (i) => search(READER_WORDS[i % READER_WORDS.length]!),
      alone,
    ),
    await measure('liste sans mot, page 1', () => search(''), alone),
    await measure(
      'mots, 4 lecteurs à la fois',
      (i) => search(READER_WORDS[i % READER_WORDS.length]!),
      together,
    ),
  ];

  // The upload of a 20 MB PDF (just under the default limit), by the lodge's manager.
  const managerToken = await token(bench.url, 'gerant');
  const big = await pdf('Annexes volumineuses', 20 * 1024 * 1024 - 4096);
  const form = () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({
      type: 'D',
      titre: 'Annexes',
      date: '2026-03-03',
      idEntite: String(lodges[0]!.id),
      audience: 'ENTITE',
    }))
      body.append(k, v);
    body.append('fichier', new Blob([big], { type: 'application/pdf' }), 'annexes.pdf');
    return body;
  };
  const upload = async () => {
    const response = await fetch(`${bench.url}/api/document`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${managerToken}`,
        cookie: `XSRF-TOKEN=${XSRF}`,
        'x-xsrf-token': XSRF,
      },
      body: form(),
    });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  };
  await upload(); // warm-up: the PDF reader and the chunk table
  global.gc?.();
  const before = process.memoryUsage().rss / 1024 / 1024;
  const t0 = performance.now();
  const { peakMiB } = await peakMemory(upload);
  const seconds = (performance.now() - t0) / 1000;

  report(`Documents (${DOCUMENTS.toLocaleString('fr-FR')} documents d’environ 400 mots)`, measures, [
    `Chargement, index compris : ${loadSeconds.toFixed(1)} s.`,
    `p95 de la recherche par mots : ${measures[0]!.p95.toFixed(1)} ms seul, ${measures[2]!.p95.toFixed(1)} ms à 4 en même temps.`,
    `Envoi d’un PDF de ${(big.length / 1024 / 1024).toFixed(1)} Mo (client et serveur dans le même processus) : ` +
      `${seconds.toFixed(2)} s ; mémoire résidente ${before.toFixed(0)} Mio avant, pic ${peakMiB.toFixed(0)} Mio ` +
      `(+${(peakMiB - before).toFixed(0)} Mio, dont la copie du client et la croissance de la base embarquée).`,
  ]);
  await bench.close();
}
