/**
 * Migration 0041 (docs/decisions/accounting.md, « The books »): the card movements and till sessions a
 * base recorded before the books (0036) are posted as the live code posts them. The test writes such a
 * base's rows directly (no entry), beside movements and a till posted live, then runs the migration's
 * SQL as the migration runner does: each movement and till event is posted once (a second run posts
 * nothing), with the live entries' journals, accounts and labels, numbered after each journal's counter
 * without a gap; then the FEC of the two years reconciles: each entry balanced, 4191 = the card
 * liabilities report, the tills at 0.
 */
import { readFileSync } from 'node:fs';
import type { CardBalances } from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fecBalance, fecCents, fecLines } from './fec';
import { builders, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, onItsOwnDatabase, type TestContext } from './helpers';

const clock = movableClock('2026-11-20T08:00:00Z');
let t: TestContext;
let b: Builders;
let staff: Person;
let member: Person;
let other: Person;
let lodge: Lodge;

const MIGRATION = readFileSync(
  new URL('../src/db/migrations/0041_card_books_backfill.sql', import.meta.url),
  'utf8',
);

/** The migration's statements in one transaction, as `migrate()` runs them. */
async function runBackfill(on: TestContext = t) {
  const statements = MIGRATION.split('--> statement-breakpoint').filter((s) => s.trim());
  await on.handle.exec(['BEGIN', ...statements, 'COMMIT'].map((s) => s.trim().replace(/;$/, '')).join(';\n'));
}

const one = async <T>(sql: string) => (await t.handle.rows<T>(sql))[0]!;

async function call<T>(who: Person, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const r = await t.call({ method, url, token: who.token, ...(payload ? { payload } : {}) });
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
  return (r.body ? r.json() : undefined) as T;
}

const fec = () => fecLines(t, staff.token, '2025-01-01', '2026-12-31');
const balance = fecBalance;
const cents = fecCents;

/** An entry's lines as « compte aux aux_lib debit credit », in their order. */
async function linesOf(source: string, on: TestContext = t) {
  const rows = await on.handle.rows<{ line: string }>(
    `SELECT concat_ws(' ', l.compte, l.aux, l.aux_lib, l.debit, l.credit) AS line
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE e.source = '${source}' ORDER BY l.id`,
  );
  return rows.map((r) => r.line);
}
const entryOf = (source: string) =>
  one<{ journal: string; numero: string; date: string; libelle: string; piece: string; rang: number }>(
    `SELECT journal, numero, to_char(date, 'YYYY-MM-DD') AS date, libelle, piece, rang
       FROM journal_entries WHERE source = '${source}'`,
  );

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  staff = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE', 'MENUS'] });
  member = await b.aUser({ prenom: 'Jeanne', nom: 'Ancienne' });
  other = await b.aUser({ prenom: 'Paul', nom: 'Vieux' });
  lodge = await b.aLodgeWithMembers({ code: 'OLDC', nom: 'Loge des Anciens' });
});
afterAll(() => t.close());

describe('migration 0041 posts the card movements and tills recorded before the books', () => {
  let live: { session: number; credit: number };
  let old: Record<string, number>;

  let counts: { before: number; after: number; again: number };

  // The tests of a file run in a shuffled order: the base is built and migrated once, before them.
  beforeAll(async () => {
    // Posted live (after the upgrade): a till at the bar with a cash credit, closed even.
    const session = await call<{ id: number }>(staff, 'POST', '/api/caisse/sessions', {
      caisse: 'B',
      fondInitial: 3000,
    });
    const credit = await call<{ id: number }>(
      staff,
      'POST',
      `/api/caisse/sessions/${session.id}/mouvements`,
      {
        type: 'G',
        idUser: member.id,
        montant: 1000,
        moyen: 'E',
      },
    );
    await call(staff, 'POST', `/api/caisse/sessions/${session.id}/cloture`, { compte: 4000 });
    live = { session: session.id, credit: credit.id };
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries');

    // Written as a base before 0036 had them: cards, two closed tills, movements of every kind, no entry.
    const ids = async (sql: string) => (await t.handle.rows<{ id: number }>(sql)).map((r) => r.id);
    const [memberCard] = await ids(`SELECT id FROM cards WHERE user_id = ${member.id}`);
    const [otherCard, lodgeCard] = await ids(
      `INSERT INTO cards (user_id, entity_id, created_at) VALUES
         (${other.id}, NULL, '2025-06-01T08:00:00Z'), (NULL, ${lodge.id}, '2025-06-01T08:00:00Z')
       RETURNING id`,
    );
    const [barTill, deskTill] = await ids(
      `INSERT INTO till_sessions (caisse, fond_initial, opened_by, opened_at, closed_by, closed_at, attendu, compte, motif)
       VALUES ('B', 2000, ${staff.id}, '2025-12-30T09:00:00Z', ${staff.id}, '2025-12-30T17:00:00Z', 3500, 3400, 'Pièce perdue'),
              ('A', 0, ${staff.id}, '2026-02-10T09:00:00Z', ${staff.id}, '2026-02-10T17:00:00Z', 500, 500, NULL)
       RETURNING id`,
    );
    const [g1, g2, v1, g3, r1, j1, j2, p1, a1] = await ids(
      `INSERT INTO card_movements (card_id, type, montant, till_session_id, moyen, reference, libelle, created_at) VALUES
         (${otherCard}, 'G', 1500, ${barTill}, 'E', NULL, 'Crédit au guichet en espèces', '2025-12-30T10:00:00Z'),
         (${lodgeCard}, 'G', 800, ${barTill}, 'C', 'CHQ OLD', 'Crédit au guichet par chèque', '2025-12-30T11:00:00Z'),
         (${otherCard}, 'V', -300, ${barTill}, NULL, NULL, '2 cafés', '2025-12-30T12:00:00Z'),
         (${memberCard}, 'G', 500, ${deskTill}, 'E', NULL, 'Crédit au guichet en espèces', '2026-02-10T10:00:00Z'),
         (${otherCard}, 'R', 2000, NULL, NULL, NULL, 'Rechargement en ligne', '2026-02-03T10:00:00Z'),
         (${otherCard}, 'J', 50, NULL, NULL, NULL, 'Ajustement au solde lu sur la carte', '2026-02-03T10:05:00Z'),
         (${lodgeCard}, 'J', -20, NULL, NULL, NULL, 'Ajustement au solde lu sur la carte', '2026-03-01T10:00:00Z'),
         (${lodgeCard}, 'P', -600, NULL, NULL, NULL, 'Repas du 1er mars 2026 – Agapes', '2026-03-01T23:30:00Z'),
         (${lodgeCard}, 'A', 600, NULL, NULL, NULL, 'Paiement annulé : repas du 1er mars 2026 – Agapes', '2026-03-02T09:00:00Z')
       RETURNING id`,
    );
    // A till opened before the upgrade and closed after: its close is posted live, its opening is not.
    const [openBefore] = await ids(
      `INSERT INTO till_sessions (caisse, fond_initial, opened_by, opened_at)
       VALUES ('A', 1000, ${staff.id}, '2026-11-19T16:00:00Z') RETURNING id`,
    );
    await call(staff, 'POST', `/api/caisse/sessions/${openBefore}/cloture`, { compte: 1000 });
    old = { memberCard: memberCard!, otherCard: otherCard!, lodgeCard: lodgeCard! };
    old = { ...old, barTill: barTill!, deskTill: deskTill!, openBefore: openBefore! };
    old = { ...old, g1: g1!, g2: g2!, v1: v1!, g3: g3!, r1: r1!, j1: j1!, j2: j2!, p1: p1!, a1: a1! };

    const count = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries')).n;
    await runBackfill();
    const after = await count();
    await runBackfill();
    counts = { before: before.n, after, again: await count() };
  });

  it('posts each old movement and till event once', async () => {
    // 9 movements, the bar's and the open-before's openings (the desk's float of nothing is no entry),
    // 2 closes; the open-before's close, posted live meanwhile, is not posted again.
    expect(counts.after - counts.before - 1).toBe(9 + 2 + 2);
    expect(counts.again).toBe(counts.after);
    expect(await linesOf(`till_opened:${old.deskTill}`)).toEqual([]);
    expect(await linesOf(`till_closed:${old.openBefore}`)).toEqual([
      '530 1000 0',
      '531 531A Caisse de l’accueil 0 1000',
    ]);
  });

  it('gives the old movements the live entries’ journals, accounts, pieces and labels', async () => {
    // The same kind of movement, posted live and backfilled, differs only by its holder and amount.
    expect(await linesOf(`card_movement:${live.credit}`)).toEqual([
      '531 531B Caisse du bar 1000 0',
      `4191 4191C${old.memberCard} Jeanne Ancienne 0 1000`,
    ]);
    expect(await linesOf(`card_movement:${old.g1}`)).toEqual([
      '531 531B Caisse du bar 1500 0',
      `4191 4191C${old.otherCard} Paul Vieux 0 1500`,
    ]);
    const liveEntry = await entryOf(`card_movement:${live.credit}`);
    expect(liveEntry.libelle).toBe('Crédit au guichet en espèces – Jeanne Ancienne');
    const g1 = await entryOf(`card_movement:${old.g1}`);
    expect(g1).toMatchObject({
      journal: 'CA',
      date: '2025-12-30',
      libelle: 'Crédit au guichet en espèces – Paul Vieux',
      piece: `CARTE-${old.g1}`,
    });
    expect(await entryOf(`card_movement:${old.g2}`)).toMatchObject({
      journal: 'CA',
      piece: 'CHQ OLD',
      libelle: 'Crédit au guichet par chèque – Loge des Anciens',
    });
    expect(await linesOf(`card_movement:${old.g2}`)).toEqual([
      '5112 800 0',
      `4191 4191C${old.lodgeCard} Loge des Anciens 0 800`,
    ]);
    expect((await entryOf(`card_movement:${old.v1}`)).journal).toBe('VT');
    expect(await linesOf(`card_movement:${old.v1}`)).toEqual([
      '706 0 300',
      `4191 4191C${old.otherCard} Paul Vieux 300 0`,
    ]);
    expect((await entryOf(`card_movement:${old.r1}`)).journal).toBe('BQ');
    expect((await linesOf(`card_movement:${old.r1}`))[0]).toBe('512 2000 0');
    expect((await entryOf(`card_movement:${old.j1}`)).journal).toBe('OD');
    expect((await linesOf(`card_movement:${old.j1}`))[0]).toBe('658 50 0');
    expect((await linesOf(`card_movement:${old.j2}`))[0]).toBe('758 0 20');
    // A movement recorded at 23:30 UTC on 1 March is of the Paris day 2 March, as the live code dates it.
    expect((await entryOf(`card_movement:${old.p1}`)).date).toBe('2026-03-02');
    expect((await linesOf(`card_movement:${old.a1}`))[0]).toBe('706 600 0');

    // The tills: the float from 530 into the till, the close with its shortage.
    const opened = await entryOf(`till_opened:${old.barTill}`);
    expect(opened.libelle).toBe('Ouverture de la caisse « Bar du restaurant » : fond de caisse');
    expect(opened.piece).toBe(`CAISSE-${old.barTill}`);
    expect(await linesOf(`till_opened:${old.barTill}`)).toEqual([
      '531 531B Caisse du bar 2000 0',
      '530 0 2000',
    ]);
    expect((await entryOf(`till_closed:${old.barTill}`)).libelle).toBe(
      'Clôture de la caisse « Bar du restaurant » : écart de caisse',
    );
    expect(await linesOf(`till_closed:${old.barTill}`)).toEqual([
      '530 3400 0',
      '531 531B Caisse du bar 0 3500',
      '658 100 0',
    ]);
    expect(await linesOf(`till_opened:${old.openBefore}`)).toEqual([
      '531 531A Caisse de l’accueil 1000 0',
      '530 0 1000',
    ]);
  });

  it('numbers them after each journal’s counter, in recording order, without a gap', async () => {
    const series = await t.handle.rows<{ journal: string; annee: number; n: number; lo: number; hi: number }>(
      `SELECT journal, annee, count(*)::int AS n, min(rang) AS lo, max(rang) AS hi
         FROM journal_entries GROUP BY journal, annee ORDER BY journal, annee`,
    );
    const counters = await t.handle.rows<{ journal: string; annee: number; dernier: number }>(
      'SELECT journal, annee, dernier FROM journal_counters ORDER BY journal, annee',
    );
    expect(series.map((s) => ({ journal: s.journal, annee: s.annee, dernier: s.hi }))).toEqual(counters);
    for (const s of series) expect([s.lo, s.hi], `${s.journal}${s.annee}`).toEqual([1, s.n]);
    // CA 2026: the live till and the live close took 1–4; the old ones follow in the order recorded.
    const ca2026 = await t.handle.rows<{ source: string }>(
      "SELECT source FROM journal_entries WHERE journal = 'CA' AND annee = 2026 ORDER BY rang",
    );
    expect(ca2026.map((r) => r.source)).toEqual([
      `till_opened:${live.session}`,
      `card_movement:${live.credit}`,
      `till_closed:${live.session}`,
      `till_closed:${old.openBefore}`,
      `card_movement:${old.g3}`,
      `till_closed:${old.deskTill}`,
      `till_opened:${old.openBefore}`,
    ]);
    const ca2025 = await t.handle.rows<{ numero: string }>(
      "SELECT numero FROM journal_entries WHERE journal = 'CA' AND annee = 2025 ORDER BY rang",
    );
    expect(ca2025.map((r) => r.numero)).toEqual([1, 2, 3, 4].map((n) => `CA2025-00000${n}`));
    const late = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM journal_entries WHERE valide_le < date',
    );
    expect(late.n).toBe(0);
  });

  it('reconciles: each entry balanced, 4191 = the card liabilities report, the tills at 0', async () => {
    const lines = await fec();
    const entries = new Map<string, number>();
    for (const l of lines) entries.set(l[2]!, (entries.get(l[2]!) ?? 0) + cents(l[11]!) - cents(l[12]!));
    for (const [num, gap] of entries) expect(gap, num).toBe(0);
    const cards = await call<CardBalances>(staff, 'GET', '/api/cartes/soldes?date=2026-12-31');
    expect(-balance(lines, '4191')).toBe(cards.total);
    expect(cards.total).toBe(1000 + 1500 + 800 - 300 + 500 + 2000 + 50 - 20 - 600 + 600);
    // At the end of 2025, the old base's cards alone.
    const end2025 = await call<CardBalances>(staff, 'GET', '/api/cartes/soldes?date=2025-12-31');
    const upTo2025 = lines.filter((l) => l[3]!.startsWith('2025'));
    expect(-balance(upTo2025, '4191')).toBe(end2025.total);
    expect(end2025.total).toBe(1500 + 800 - 300);
    expect(balance(lines, '531')).toBe(0);
    // 530: the cash counted back (4000 + 3400 + 500 + 1000) less the floats taken (3000 + 2000 + 1000).
    expect(balance(lines, '530')).toBe(4000 + 3400 + 500 + 1000 - 3000 - 2000 - 1000);
  });
});

describe('migration 0041 with a chart of accounts of the settings', () => {
  it('posts to the accounts the settings name', async () => {
    await onItsOwnDatabase(async (own) => {
      // The settings as saved by an administrator who renamed two accounts (a fresh base has no row).
      await own.handle.exec(
        `INSERT INTO union_settings (raison_sociale, adresse, email, mention_tva, plan_comptable)
         VALUES ('Union', 'Lyon', 'union@exemple.fr', 'TVA non applicable',
           '{"cartes": {"num": "4192", "lib": "Cartes prépayées"}, "ventes": {"num": "7071", "lib": "Ventes du restaurant"}}')
         ON CONFLICT (id) DO UPDATE SET plan_comptable = excluded.plan_comptable`,
      );
      const holder = await builders(own).aUser({ prenom: 'Anne', nom: 'Chartiste' });
      const [card] = await own.handle.rows<{ id: number }>(
        `INSERT INTO cards (user_id) VALUES (${holder.id}) RETURNING id`,
      );
      const [top, meal] = await own.handle.rows<{ id: number }>(
        `INSERT INTO card_movements (card_id, type, montant, libelle, created_at) VALUES
           (${card!.id}, 'R', 2000, 'Rechargement en ligne', '2026-01-05T10:00:00Z'),
           (${card!.id}, 'P', -500, 'Repas du 6 janvier 2026 – Galette', '2026-01-06T10:00:00Z')
         RETURNING id`,
      );
      await runBackfill(own);
      expect(await linesOf(`card_movement:${top!.id}`, own)).toEqual([
        '512 2000 0',
        `4192 4191C${card!.id} Anne Chartiste 0 2000`,
      ]);
      expect(await linesOf(`card_movement:${meal!.id}`, own)).toEqual([
        '7071 0 500',
        `4192 4191C${card!.id} Anne Chartiste 500 0`,
      ]);
      const [lib] = await own.handle.rows<{ compte_lib: string }>(
        "SELECT compte_lib FROM journal_lines WHERE compte = '7071'",
      );
      expect(lib!.compte_lib).toBe('Ventes du restaurant');
    });
  });
});
