/**
 * What keeps the search of GET /api/document/all fast over tens of thousands of documents (the figures:
 * `npm run bench -w @union/api -- documents`, docs/decisions/documents-and-messages.md « Search »):
 * - the words are matched by the GIN index of the stored tsvector, never by reading every document;
 * - a document's row stays narrow however long its text: the text and its tsvector live out of line
 *   (TOAST), so that the read rule and the count walk a few pages, not megabytes of PDF text.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFiles, documents } from '../src/db/schema';
import { matchesWords, searchQuery } from '../src/modules/documents/repository';
import { createEntity, createTestContext, type TestContext } from './helpers';

let t: TestContext;
const DOCUMENTS = 300;

const PROSE = (
  'le la les des une tenue loge frères sœurs vénérable maître ordre jour travaux temple planche agapes ' +
  'solstice convocation assemblée générale bureau conseil trésorier secrétaire orateur rituel lumière ' +
  'colonne midi minuit rapport cotisation année exercice présent absent excusé séance ouverte close ' +
  'lecture procès-verbal adopté unanimité question diverse prochaine date salle humide banquet'
).split(' ');

/** A PDF's text of about 3,500 characters of French-like prose: its compressed form would fit inline. */
function text(seed: number): string {
  let x = seed * 7919 + 1;
  const words: string[] = [];
  for (let i = 0; i < 450; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    words.push(PROSE[x % PROSE.length]!);
  }
  return `${words.join(' ')} fraternité n° ${seed}`;
}

beforeAll(async () => {
  t = await createTestContext();
  const lodge = await createEntity(t.db, { code: 'LCR' });
  const [file] = await t.db
    .insert(documentFiles)
    .values({ nom: 'x.pdf', mime: 'application/pdf', taille: 1, sha256: '' })
    .returning({ id: documentFiles.id });
  for (let start = 0; start < DOCUMENTS; start += 100) {
    await t.db.insert(documents).values(
      Array.from({ length: 100 }, (_, k) => ({
        type: 'V' as const,
        titre: `Convocation n° ${start + k}`,
        jour: '2026-03-03',
        entityId: lodge.id,
        audience: 'ENTITE' as const,
        fileId: file!.id,
        texte: text(start + k),
      })),
    );
  }
});
afterAll(() => t.close());

describe('the search stays fast as the documents pile up', () => {
  it('a document’s row stays narrow: its long text is stored out of line', async () => {
    const [size] = await t.handle.rows<{ bytes: string | number }>(
      `SELECT pg_relation_size('documents') AS bytes`,
    );
    const perRow = Number(size!.bytes) / DOCUMENTS;
    // Inline, each row would hold its compressed text and tsvector: about 2 kB here, 4 rows a page.
    expect(perRow).toBeLessThan(400);
  });

  it('the words are matched through the GIN index, with the read rule applied beside it', async () => {
    const query = searchQuery('Fraternite convoc')!;
    const plan = await t.db.transaction(async (tx) => {
      // Whether the index CAN serve the repository's condition: on 300 rows a scan is cheaper.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN ${tx.select({ n: count() }).from(documents).where(matchesWords(query)).getSQL()}`,
      );
      return (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('documents_recherche_idx');
    const [found] = await t.db.select({ n: count() }).from(documents).where(matchesWords(query));
    expect(found!.n).toBe(DOCUMENTS);
  });
});
