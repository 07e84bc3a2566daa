/**
 * The card desk through the HTTP API (issue 21): a till session opened with its float, credits in cash
 * and by cheque and a bar sale on cards, each with its author and a receipt read back from its PDF, the
 * close with a difference and its reason, the treasurer's reading of the sessions and of the cards'
 * total balance at a date (screen and Excel), and on PostgreSQL one open session per till under
 * simultaneous opens and no movement after the close.
 */
import type {
  CardBalances,
  DeskCard,
  DeskMovement,
  MyCard,
  TillSession,
  TillSessionDetail,
} from '@union/contract';
import ExcelJS from 'exceljs';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cardMovements, tillSessions } from '../src/db/schema';
import { parisDay } from '../src/lib/dates';
import { EXCEL_EUROS } from '../src/lib/excel';
import { builders, named, type Builders, type Lodge, type Person } from './builders';
import { testEngine } from './engine';
import { createTestContext, type TestContext } from './helpers';
import { pdfAnswerText } from './pdf-text';

let t: TestContext;
let b: Builders;
let lodge: Lodge;
let caissier: Person;
let tresorier: Person;
let membre: Person;

beforeAll(async () => {
  t = await createTestContext();
  b = builders(t);
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Amis du Guichet',
    members: [
      named('caissier', ['USER', 'MENUS']),
      named('tresorier', ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']),
      named('membre', ['USER', 'RESTAURATION', 'PAYMENT']),
    ],
  });
  caissier = lodge.members[0]!;
  tresorier = lodge.members[1]!;
  membre = lodge.members[2]!;
});
afterAll(() => t.close());

const call = (
  who: Person | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) => t.call({ method, url, token: who?.token, ...(payload ? { payload } : {}) });

/** Closes whatever session a test left open on a till, straight in the database. */
async function freeTills() {
  await t.db
    .update(tillSessions)
    .set({ closedAt: new Date(), closedBy: caissier.id, attendu: 0, compte: 0, motif: 'fin de test' })
    .where(isNull(tillSessions.closedAt));
}

async function open(caisse: 'B' | 'A', fondInitial: number): Promise<TillSessionDetail> {
  const response = await call(caissier, 'POST', '/api/caisse/sessions', { caisse, fondInitial });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function move(sessionId: number, payload: Record<string, unknown>): Promise<DeskMovement> {
  const response = await call(caissier, 'POST', `/api/caisse/sessions/${sessionId}/mouvements`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('a till session at the desk', () => {
  it('opens with its float, credits in cash and by cheque, sells at the bar, closes with a difference explained', async () => {
    await freeTills();
    const session = await open('B', 5000);
    expect(session).toMatchObject({
      caisse: 'B',
      fondInitial: 5000,
      attendu: 5000,
      cloture: null,
      gestion: true,
    });
    expect(session.ouvertPar).toMatchObject({ id: caissier.id, nom: 'CAISSIER' });

    // A second session on the same till is refused while the first is open; the other till opens.
    const twice = await call(caissier, 'POST', '/api/caisse/sessions', { caisse: 'B', fondInitial: 0 });
    expect(twice.statusCode).toBe(412);
    expect(twice.json()).toMatchObject({ error: 'till_already_open' });
    expect(twice.json().message).toContain('Bar du restaurant');

    const cash = await move(session.id, { type: 'G', idUser: membre.id, montant: 2000, moyen: 'E' });
    expect(cash).toMatchObject({ type: 'G', montant: 2000, moyen: 'E', soldeApres: 2000 });
    expect(cash.auteur).toMatchObject({ id: caissier.id });
    expect(cash.titulaire).toBe('membre MEMBRE');
    const cheque = await move(session.id, {
      type: 'G',
      idEntite: lodge.id,
      montant: 15000,
      moyen: 'C',
      reference: 'Chèque 0012345, Banque du Rhône',
    });
    expect(cheque).toMatchObject({ moyen: 'C', titulaire: 'Les Amis du Guichet', soldeApres: 15000 });
    const sale = await move(session.id, {
      type: 'V',
      idUser: membre.id,
      montant: 450,
      libelle: '2 cafés et 1 jus',
    });
    expect(sale).toMatchObject({ type: 'V', montant: -450, moyen: null, soldeApres: 1550 });

    // The member sees the movements on their card, each with who made it.
    const card = (await call(membre, 'GET', '/api/user/payments')).json<MyCard>();
    expect(card.solde).toBe(1550);
    expect(card.mouvements.map((m) => [m.type, m.montant, m.auteur?.id])).toEqual([
      ['V', -450, caissier.id],
      ['G', 2000, caissier.id],
    ]);

    // A sale above the balance is refused and changes nothing.
    const short = await call(caissier, 'POST', `/api/caisse/sessions/${session.id}/mouvements`, {
      type: 'V',
      idUser: membre.id,
      montant: 5000,
      libelle: 'Une caisse de vin',
    });
    expect(short.statusCode).toBe(412);
    expect(short.json()).toMatchObject({ error: 'card_insufficient_balance' });
    expect(short.json().message).toContain('15,50');

    // The receipt of the cash credit, read back from its PDF.
    const receipt = await pdfAnswerText(
      await call(caissier, 'GET', `/api/caisse/mouvements/${cash.id}/recu`),
    );
    expect(receipt).toContain(`Reçu n° ${cash.id}`);
    expect(receipt).toContain('membre MEMBRE');
    expect(receipt).toContain('Crédit au guichet');
    expect(receipt).toContain('Espèces');
    expect(receipt).toContain('20,00 €');
    expect(receipt).toContain('Enregistré par caissier CAISSIER');
    const chequeReceipt = await pdfAnswerText(
      await call(tresorier, 'GET', `/api/caisse/mouvements/${cheque.id}/recu`),
    );
    expect(chequeReceipt).toContain('Chèque 0012345, Banque du Rhône');
    expect(chequeReceipt).toContain('150,00 €');

    // Expected in the drawer: the float and the cash (the cheque is not cash, the sale took none).
    const before = (
      await call(caissier, 'GET', `/api/caisse/sessions/${session.id}`)
    ).json<TillSessionDetail>();
    expect(before).toMatchObject({
      especes: 2000,
      cheques: 15000,
      nombreCheques: 1,
      ventes: 450,
      attendu: 7000,
    });
    expect(before.mouvements).toHaveLength(3);

    // A difference without its reason is refused; with it, kept.
    const url = `/api/caisse/sessions/${session.id}/cloture`;
    const unexplained = await call(caissier, 'POST', url, { compte: 6800 });
    expect(unexplained.statusCode).toBe(412);
    expect(unexplained.json()).toMatchObject({ error: 'till_difference_reason_required' });
    expect(unexplained.json().message).toContain('2,00');
    const closed = await call(caissier, 'POST', url, { compte: 6800, motif: 'Monnaie rendue en trop' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<TillSessionDetail>()).toMatchObject({
      compte: 6800,
      attendu: 7000,
      ecart: -200,
      motif: 'Monnaie rendue en trop',
      gestion: false,
    });
    expect(closed.json<TillSessionDetail>().cloturePar).toMatchObject({ id: caissier.id });

    // Closed: no more movements, no second close.
    const late = await call(caissier, 'POST', `/api/caisse/sessions/${session.id}/mouvements`, {
      type: 'G',
      idUser: membre.id,
      montant: 100,
      moyen: 'E',
    });
    expect(late.statusCode).toBe(412);
    expect(late.json()).toMatchObject({ error: 'till_closed' });
    expect((await call(caissier, 'POST', url, { compte: 7000 })).json()).toMatchObject({
      error: 'till_closed',
    });

    // The treasurer sees the session as it was closed.
    const list = await call(tresorier, 'GET', '/api/caisse/sessions');
    expect(list.statusCode).toBe(200);
    expect(list.json<TillSession[]>().find((s) => s.id === session.id)).toMatchObject({
      ecart: -200,
      motif: 'Monnaie rendue en trop',
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.recordType, 'till_session'));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['till_opened', 'till_closed']));
  });

  it('412 in French for a card that is not one, two owners, or a sale with nothing sold; 403 to others', async () => {
    await freeTills();
    const session = await open('A', 0);
    const url = `/api/caisse/sessions/${session.id}/mouvements`;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ type: 'G', montant: 100, moyen: 'E' }, /un membre.*une loge/],
      [{ type: 'G', idUser: membre.id, idEntite: lodge.id, montant: 100, moyen: 'E' }, /et un seul/],
      [{ type: 'G', idUser: 999999, montant: 100, moyen: 'E' }, /ce membre n'existe pas/],
      [{ type: 'G', idUser: membre.id, montant: 0, moyen: 'E' }, /0,01/],
      [{ type: 'G', idUser: membre.id, montant: 100, moyen: 'X' }, /./],
      [{ type: 'V', idUser: membre.id, montant: 100, libelle: '  ' }, /Article/],
    ];
    for (const [payload, message] of cases) {
      const response = await call(caissier, 'POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(412);
      expect(response.json().message).toMatch(message);
    }
    const movements = await t.db
      .select()
      .from(cardMovements)
      .where(eq(cardMovements.tillSessionId, session.id));
    expect(movements).toEqual([]);
    // Only MENUS records; the treasurer reads; a member does neither.
    const credit = { type: 'G', idUser: membre.id, montant: 100, moyen: 'E' };
    expect((await call(tresorier, 'POST', url, credit)).statusCode).toBe(403);
    expect((await call(membre, 'POST', url, credit)).statusCode).toBe(403);
    expect((await call(membre, 'GET', '/api/caisse/sessions')).statusCode).toBe(403);
    expect((await call(caissier, 'GET', `/api/cartes/soldes?date=${parisDay()}`)).statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/caisse/sessions')).statusCode).toBe(401);
    await freeTills();
  });

  it('finds the cards staff may use by name, with their balance', async () => {
    const other = await b.aLodgeWithMembers({ nom: 'Loge du Comptoir Vert', members: 0 });
    await freeTills();
    const session = await open('A', 0);
    await move(session.id, { type: 'G', idEntite: other.id, montant: 4200, moyen: 'C' });
    await freeTills();
    const response = await call(caissier, 'GET', '/api/caisse/cartes?q=comptoir%20vert');
    expect(response.statusCode).toBe(200);
    expect(response.json<DeskCard[]>()).toEqual([
      { idUser: null, idEntite: other.id, titulaire: 'Loge du Comptoir Vert', solde: 4200 },
    ]);
    expect((await call(caissier, 'GET', '/api/caisse/cartes?q=m')).statusCode).toBe(412);
  });
});

describe('the cards’ total balance at a date', () => {
  it('sums the ledger up to the end of the day, on screen and in Excel with cents', async () => {
    const today = parisDay();
    const holder = await b.aUser({ prenom: 'Jeanne', nom: 'Soldée', habilitations: ['USER', 'PAYMENT'] });
    await freeTills();
    const session = await open('A', 0);
    await move(session.id, { type: 'G', idUser: holder.id, montant: 1234, moyen: 'E' });
    await freeTills();
    const response = await call(tresorier, 'GET', `/api/cartes/soldes?date=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const balances = response.json<CardBalances>();
    // What the ledger holds today, summed here apart from the route's query.
    const total = (await t.db.select({ montant: cardMovements.montant }).from(cardMovements)).reduce(
      (sum, m) => sum + m.montant,
      0,
    );
    expect(balances.total).toBe(total);
    expect(balances.totalMembres + balances.totalEntites).toBe(balances.total);
    expect(balances.cartes).toContainEqual({
      idUser: holder.id,
      idEntite: null,
      titulaire: 'Jeanne Soldée',
      solde: 1234,
    });

    // The day before anything was written here: nothing owed.
    const before = await call(tresorier, 'GET', '/api/cartes/soldes?date=2000-01-01');
    expect(before.json<CardBalances>()).toMatchObject({ total: 0, cartes: [] });

    const excel = await call(tresorier, 'GET', `/api/cartes/soldes/excel?date=${today}`);
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Soldes des cartes')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(row.values as unknown[]));
    expect(rows.some((r) => r[1] === 'Jeanne Soldée' && r[3] === 12.34)).toBe(true);
    const last = rows[rows.length - 1]!;
    expect(last[3]).toBe(balances.total / 100);
    expect(sheet.getColumn(3).numFmt).toBe(EXCEL_EUROS);
    expect((await call(tresorier, 'GET', '/api/cartes/soldes?date=2026-02-30')).statusCode).toBe(412);
  });
});

/** PostgreSQL only: PGlite has one connection, so its transactions never interleave. */
if (testEngine() === 'postgres') {
  describe('under concurrency (PostgreSQL)', () => {
    it('10 simultaneous opens of one till: exactly one session opens', async () => {
      await freeTills();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(caissier, 'POST', '/api/caisse/sessions', { caisse: 'B', fondInitial: i * 100 }),
        ),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 412)).toHaveLength(9);
      for (const r of answers.filter((x) => x.statusCode === 412))
        expect(r.json().error).toBe('till_already_open');
      const open = await t.db.select().from(tillSessions).where(isNull(tillSessions.closedAt));
      expect(open.filter((s) => s.caisse === 'B')).toHaveLength(1);
      await freeTills();
    });

    it('movements racing the close: each lands before the close and is counted, or is refused', async () => {
      await freeTills();
      const session = await open('B', 0);
      const [closing, ...credits] = await Promise.all([
        call(caissier, 'POST', `/api/caisse/sessions/${session.id}/cloture`, {
          compte: 0,
          motif: 'Clôture pendant les encaissements',
        }),
        ...Array.from({ length: 8 }, () =>
          call(caissier, 'POST', `/api/caisse/sessions/${session.id}/mouvements`, {
            type: 'G',
            idUser: membre.id,
            montant: 100,
            moyen: 'E',
          }),
        ),
      ]);
      expect(closing!.statusCode, closing!.body).toBe(200);
      const landed = credits.filter((r) => r.statusCode === 201).length;
      for (const r of credits.filter((x) => x.statusCode !== 201)) expect(r.json().error).toBe('till_closed');
      // What the close expected holds every credit that landed: none came after it.
      expect(closing!.json<TillSessionDetail>().attendu).toBe(landed * 100);
      const rows = await t.db.select().from(cardMovements).where(eq(cardMovements.tillSessionId, session.id));
      expect(rows).toHaveLength(landed);
    });
  });
}
