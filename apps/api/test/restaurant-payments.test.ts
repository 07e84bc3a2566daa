/**
 * The Union cards' top-ups through the HTTP API: asking one, the signed provider form, the provider's
 * notification (signature, shop, amount, applied once), staff decisions, the simulator's round trip, and
 * on PostgreSQL the rules that must hold under concurrency (seats, card balance, notifications, ids).
 */
import type { Habilitation, MealOrder, MyCard, ProviderForm, TopUp } from '@union/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEMPAY_TEST_KEY, loadConfig } from '../src/config';
import { auditLog, cardMovements, cards, emailOutbox, meals, userPayments } from '../src/db/schema';
import { sign } from '../src/modules/payment-provider/signature';
import { ipnRequest, providerNotification } from './payment-provider';
import { builders, named, type Builders, type Lodge, type Person } from './builders';
import { testEngine } from './engine';
import { createTestContext, type TestContext } from './helpers';

let t: TestContext;
let b: Builders;
let lodge: Lodge;
/** Read only (their tokens call the API): nothing a test counts is theirs. */
let tresorier: Person;
let chef: Person;
/** Restaurant staff who also validate top-ups (MENUS and COMPTA_SAISIE): may state a card-read balance. */
let caissier: Person;
const PAYS: Habilitation[] = ['USER', 'RESTAURATION', 'PAYMENT'];

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://intranet.exemple.fr' });
  b = builders(t);
  lodge = await b.aLodgeWithMembers({
    nom: 'Les Chevaliers du Rhône',
    flags: { restauration: true },
    members: [
      named('tresorier', ['USER', 'COMPTA_SAISIE', 'PAYMENT']),
      named('chef', ['USER', 'MENUS']),
      named('caissier', ['USER', 'MENUS', 'COMPTA_SAISIE']),
    ],
  });
  tresorier = lodge.members[0]!;
  chef = lodge.members[1]!;
  caissier = lodge.members[2]!;
});
afterAll(() => t.close());

/**
 * A member of the lodge of their own who tops up their card: their top-ups, card, ledger and e-mails
 * are this test's alone, whatever the other tests paid.
 */
const aPayer = (): Promise<Person> =>
  b.aMember(lodge.id, { habilitations: PAYS, flags: { restauration: true } });

async function topUp(who: Person, montant: number): Promise<TopUp> {
  const response = await t.call({
    method: 'POST',
    url: '/api/user/payments',
    token: who.token,
    payload: { montant },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function formOf(who: Person, id: number): Promise<ProviderForm> {
  const response = await t.call({
    method: 'GET',
    url: `/api/user/payments/${id}/systempay`,
    token: who.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function cardOf(who: Person): Promise<MyCard> {
  const response = await t.call({ method: 'GET', url: '/api/user/payments', token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The e-mails sent to one person, oldest first. */
const mailsTo = (who: Person) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.destinataire, who.email)).orderBy(asc(emailOutbox.id));

const notify = (notification: Record<string, string>) => t.call(ipnRequest(notification));

const act = (who: Person | undefined, id: number, action: string, query = '') =>
  t.call({
    method: 'POST',
    url: `/api/payment/${id}/${action}${query}`,
    token: who?.token,
  });

const stateOf = async (id: number) =>
  (await t.db.select().from(userPayments).where(eq(userPayments.id, id)))[0]!.etat;

describe('POST /api/user/payments', () => {
  it('401, 412 (integer cents, bounds), 403, then 201 in C with a 6-digit transaction id of the UTC day', async () => {
    const membre = await aPayer();
    const url = '/api/user/payments';
    expect((await t.call({ method: 'POST', url, payload: { montant: 3000 } })).statusCode).toBe(401);
    for (const [montant, message] of [
      [30.5, /centimes/],
      [100, /5 € au moins/],
      [60000, /500 € au plus/],
      ['3000', /centimes/],
    ] as const) {
      const response = await t.call({ method: 'POST', url, token: membre.token, payload: { montant } });
      expect(response.statusCode).toBe(412);
      expect(response.json().message).toMatch(message);
    }
    expect(
      (await t.call({ method: 'POST', url, token: chef.token, payload: { montant: 3000 } })).statusCode,
    ).toBe(403);
    const first = await topUp(membre, 3000);
    const second = await topUp(membre, 1000);
    expect(first).toMatchObject({ montant: 3000, etat: 'C', actions: [] });
    expect(first.transId).toMatch(/^\d{6}$/);
    expect(Number(second.transId)).toBe(Number(first.transId) + 1);
  });
});

describe('GET /api/user/payments/{id}/systempay', () => {
  it('401, 412, 403, 404 (another member’s), then the signed fields; the amount is the stored one', async () => {
    const membre = await aPayer();
    const autre = await aPayer();
    const p = await topUp(membre, 3000);
    const url = `/api/user/payments/${p.id}/systempay`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'GET', url: '/api/user/payments/x/systempay', token: membre.token }))
        .statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'GET', url, token: chef.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url, token: autre.token })).statusCode).toBe(404);
    const form = await formOf(membre, p.id);
    expect(form.url).toBe('/simulateur-paiement');
    expect(form.champs).toMatchObject({
      vads_amount: '3000',
      vads_currency: '978',
      vads_ctx_mode: 'TEST',
      vads_site_id: '12345678',
      vads_trans_id: p.transId,
      vads_order_id: String(p.id),
      vads_action_mode: 'INTERACTIVE',
      vads_page_action: 'PAYMENT',
      vads_payment_config: 'SINGLE',
      vads_version: 'V2',
      vads_url_check: 'https://intranet.exemple.fr/api/payment/systempay/ipn',
      vads_url_return: `https://intranet.exemple.fr/app/account/payments?rechargement=${p.id}`,
    });
    expect(form.champs.vads_trans_date).toMatch(/^\d{14}$/);
    const { signature, ...fields } = form.champs;
    expect(signature).toBe(sign(fields, SYSTEMPAY_TEST_KEY));
  });
});

describe('the provider notification (IPN)', () => {
  it('is public and without XSRF, and refuses a bad signature, another shop, mode, currency or amount', async () => {
    const membre = await aPayer();
    const p = await topUp(membre, 3000);
    const form = await formOf(membre, p.id);
    const cases: [Record<string, string>, string, RegExp][] = [
      [
        { ...providerNotification(form, 'AUTHORISED'), signature: 'A'.repeat(44) },
        'ipn_bad_signature',
        /signature/,
      ],
      [providerNotification(form, 'AUTHORISED', {}, '8877665544332211'), 'ipn_bad_signature', /signature/],
      [
        providerNotification(form, 'AUTHORISED', { vads_site_id: '87654321' }),
        'ipn_mismatch',
        /vads_site_id/,
      ],
      [
        providerNotification(form, 'AUTHORISED', { vads_ctx_mode: 'PRODUCTION' }),
        'ipn_mismatch',
        /vads_ctx_mode/,
      ],
      [providerNotification(form, 'AUTHORISED', { vads_currency: '840' }), 'ipn_mismatch', /vads_currency/],
      [providerNotification(form, 'AUTHORISED', { vads_amount: '300000' }), 'ipn_mismatch', /vads_amount/],
      [
        providerNotification(form, 'AUTHORISED', { vads_trans_id: '999999' }),
        'ipn_unknown_payment',
        /inconnue/,
      ],
    ];
    for (const [fields, code, message] of cases) {
      const response = await notify(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(412);
      expect(response.json()).toMatchObject({ error: code });
      expect(response.json().message).toMatch(message);
    }
    expect(await stateOf(p.id)).toBe('C');
  });

  it('10 identical notifications in a row: one state change, one e-mail, one audit entry', async () => {
    const membre = await aPayer();
    const p = await topUp(membre, 3000);
    const fields = providerNotification(await formOf(membre, p.id), 'AUTHORISED');
    const mailsBefore = (await mailsTo(membre)).length;
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await notify(fields));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[0]!.body).toBe('OK');
    expect(answers.slice(1).every((a) => a.body === 'OK (already_applied)')).toBe(true);
    expect(await stateOf(p.id)).toBe('P');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.recordType, 'user_payment'),
          eq(auditLog.recordId, p.id),
          eq(auditLog.action, 'top_up_paid'),
        ),
      );
    expect(entries).toHaveLength(1);
    const mails = await mailsTo(membre);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.sujet).toMatch(/Paiement reçu/);
    // A late "refused" for a paid top-up changes nothing either.
    expect((await notify(providerNotification(await formOfAny(p.id), 'REFUSED'))).statusCode).toBe(200);
    expect(await stateOf(p.id)).toBe('P');
  });

  it('a refused or abandoned payment moves the top-up to X', async () => {
    const membre = await aPayer();
    const p = await topUp(membre, 2000);
    expect((await notify(providerNotification(await formOf(membre, p.id), 'ABANDONED'))).statusCode).toBe(
      200,
    );
    expect(await stateOf(p.id)).toBe('X');
  });
});

/** The form of a top-up whatever its state (the API serves it only in C): rebuilt from the database. */
async function formOfAny(id: number): Promise<ProviderForm> {
  const [p] = await t.db.select().from(userPayments).where(eq(userPayments.id, id));
  return {
    url: '',
    champs: {
      vads_amount: String(p!.montant),
      vads_ctx_mode: 'TEST',
      vads_currency: '978',
      vads_order_id: String(p!.id),
      vads_site_id: '12345678',
      vads_trans_date: p!.transDate,
      vads_trans_id: p!.transId,
    },
  };
}

describe('staff decisions: POST /api/payment/{id}/validate|transfer|cancel and search', () => {
  async function paid(who: Person, montant: number): Promise<TopUp> {
    const p = await topUp(who, montant);
    expect((await notify(providerNotification(await formOf(who, p.id), 'AUTHORISED'))).statusCode).toBe(200);
    return p;
  }

  it('validate: 401, 412, 403, 404, then V and the card credited once; a second validation is a 412', async () => {
    const membre = await aPayer();
    const p = await paid(membre, 3000);
    expect((await act(undefined, p.id, 'validate')).statusCode).toBe(401);
    expect((await act(tresorier, p.id, 'approve')).statusCode).toBe(412);
    expect((await act(tresorier, p.id, 'validate', '?solde=abc')).statusCode).toBe(412);
    expect((await act(membre, p.id, 'validate')).statusCode).toBe(403);
    expect((await act(tresorier, 999999, 'validate')).statusCode).toBe(404);
    const before = (await cardOf(membre)).solde;
    const mailsBefore = (await mailsTo(membre)).length;
    const validated = await act(tresorier, p.id, 'validate');
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json()).toMatchObject({ etat: 'V', actions: [] });
    const card = await cardOf(membre);
    expect(card.solde).toBe(before + 3000);
    expect(card.mouvements[0]).toMatchObject({ type: 'R', montant: 3000 });
    expect(card.rechargements.find((r) => r.id === p.id)).toMatchObject({ etat: 'V' });
    const again = await act(tresorier, p.id, 'validate');
    expect(again.statusCode).toBe(412);
    expect(await t.db.select().from(cardMovements).where(eq(cardMovements.paymentId, p.id))).toHaveLength(1);
    // The member is e-mailed about the credit, once.
    const mails = await mailsTo(membre);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.sujet).toMatch(/Carte Union rechargée/);
  });

  it('the database credits a top-up once even if the state check were bypassed', async () => {
    const autre = await aPayer();
    const p = await paid(autre, 1000);
    expect((await act(tresorier, p.id, 'validate')).statusCode).toBe(200);
    const [card] = await t.db.select().from(cards).where(eq(cards.userId, autre.id));
    await expect(
      t.db
        .insert(cardMovements)
        .values({ cardId: card!.id, type: 'R', montant: 1000, paymentId: p.id, libelle: 'x' }),
    ).rejects.toThrow();
  });

  it('transfer then validate; cancel; a solde read on the card adjusts the ledger first', async () => {
    const autre = await aPayer();
    const p = await paid(autre, 2000);
    const transferred = await act(tresorier, p.id, 'transfer');
    expect(transferred.json()).toMatchObject({ etat: 'R', actions: ['VALIDATE', 'CANCEL'] });
    const balance = (await cardOf(autre)).solde;
    const validated = await act(caissier, p.id, 'validate', `?solde=${balance + 500}`);
    expect(validated.statusCode, validated.body).toBe(200);
    const card = await cardOf(autre);
    expect(card.solde).toBe(balance + 500 + 2000);
    expect(card.mouvements.slice(0, 2).map((m) => [m.type, m.auteur?.id])).toEqual([
      ['R', caissier.id],
      ['J', caissier.id],
    ]);

    const q = await paid(autre, 1500);
    expect((await act(tresorier, q.id, 'cancel')).json()).toMatchObject({ etat: 'X' });
    expect((await act(tresorier, q.id, 'validate')).statusCode).toBe(412);
  });

  it('a treasurer without MENUS stating a card-read balance (`solde`) is refused (403) and nothing moves', async () => {
    const membre = await aPayer();
    const p = await paid(membre, 3000);
    const before = await cardOf(membre);
    for (const action of ['validate', 'transfer', 'cancel']) {
      const response = await act(tresorier, p.id, action, '?solde=1000000&motif=Oubli');
      expect(response.statusCode, `${action}: ${response.body}`).toBe(403);
      expect(response.json().message).toMatch(/^Solde : seul le personnel du restaurant/);
    }
    expect(await cardOf(membre)).toEqual(before);
    expect((await t.db.select().from(userPayments).where(eq(userPayments.id, p.id)))[0]!.etat).toBe('P');
    // Without a solde, the treasurer's own decision stands.
    expect((await act(tresorier, p.id, 'validate')).statusCode).toBe(200);
  });

  it('search: 401, 412, 403, then the top-ups to validate', async () => {
    const membre = await aPayer();
    const autre = await aPayer();
    const p = await paid(membre, 4000);
    const theirs = await topUp(autre, 1000);
    const url = '/api/payment/search';
    expect((await t.call({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect(
      (await t.call({ method: 'POST', url, token: tresorier.token, payload: { etats: ['Z'] } })).statusCode,
    ).toBe(412);
    expect((await t.call({ method: 'POST', url, token: membre.token, payload: {} })).statusCode).toBe(403);
    const found = await t.call({
      method: 'POST',
      url,
      token: tresorier.token,
      payload: { etats: ['P', 'R'] },
    });
    expect(found.statusCode).toBe(200);
    const list = found.json<TopUp[]>();
    expect(list.every((r) => r.etat === 'P' || r.etat === 'R')).toBe(true);
    expect(list.find((r) => r.id === p.id)).toMatchObject({ actions: ['VALIDATE', 'TRANSFER', 'CANCEL'] });
    expect(list.find((r) => r.id === theirs.id)).toBeUndefined();
    const mine = await t.call({
      method: 'POST',
      url,
      token: tresorier.token,
      payload: { idUser: autre.id },
    });
    expect(mine.json<TopUp[]>().map((r) => r.id)).toEqual([theirs.id]);
    expect(mine.json<TopUp[]>().every((r) => r.personne.id === autre.id)).toBe(true);
  });
});

describe('the payment simulator', () => {
  it('shows the amount, then "Payer" notifies the IPN (signed) and returns to the card page', async () => {
    const membre = await aPayer();
    const p = await topUp(membre, 3000);
    const form = await formOf(membre, p.id);
    const body = new URLSearchParams(form.champs).toString();
    const pageResponse = await t.call({
      method: 'POST',
      url: '/simulateur-paiement',
      noXsrf: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(pageResponse.statusCode).toBe(200);
    expect(pageResponse.body).toMatch(/30,00\s€/);
    expect(pageResponse.body).toContain('value="PAYER"');
    const answer = await t.call({
      method: 'POST',
      url: '/simulateur-paiement/reponse',
      noXsrf: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${body}&issue=PAYER`,
    });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/app/account/payments?rechargement=${p.id}`);
    expect(await stateOf(p.id)).toBe('P');
  });

  it('refuses a tampered form (amount changed in the browser) and "Refuser" moves to X', async () => {
    const membre = await aPayer();
    const p = await topUp(membre, 3000);
    const form = await formOf(membre, p.id);
    const tampered = new URLSearchParams({ ...form.champs, vads_amount: '100' }).toString();
    const post = (url: string, payload: string) =>
      t.call({
        method: 'POST',
        url,
        noXsrf: true,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    expect((await post('/simulateur-paiement', tampered)).statusCode).toBe(412);
    expect((await post('/simulateur-paiement/reponse', `${tampered}&issue=PAYER`)).statusCode).toBe(412);
    expect(await stateOf(p.id)).toBe('C');
    const refused = await post(
      '/simulateur-paiement/reponse',
      `${new URLSearchParams(form.champs)}&issue=REFUSER`,
    );
    expect(refused.statusCode).toBe(303);
    expect(await stateOf(p.id)).toBe('X');
  });
});

describe('settings', () => {
  it('production refuses the public test key; a real provider URL disables the simulator', async () => {
    const production = {
      NODE_ENV: 'production',
      OAUTH_CLIENT_SECRET: 's',
      PUBLIC_URL: 'https://x.fr',
      SECOND_FACTOR_KEY: 'f'.repeat(64),
    };
    expect(() => loadConfig(production)).toThrow(/SYSTEMPAY_KEY/);
    expect(() => loadConfig({ ...production, SYSTEMPAY_KEY: 'une-vraie-cle' })).not.toThrow();
    expect(() => loadConfig({ SYSTEMPAY_MODE: 'LIVE' })).toThrow(/SYSTEMPAY_MODE/);
    const withProvider = await createTestContext({
      SYSTEMPAY_URL: 'https://paiement.systempay.fr/vads-payment/',
    });
    try {
      const response = await withProvider.call({
        method: 'POST',
        url: '/simulateur-paiement',
        noXsrf: true,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'vads_amount=1',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await withProvider.close();
    }
  });
});

/**
 * What must hold when many requests arrive at once. PostgreSQL only: PGlite has one connection, so its
 * transactions never interleave and these would prove nothing.
 */
if (testEngine() === 'postgres') {
  describe('under concurrency (PostgreSQL)', () => {
    it('50 simultaneous orders for the last 5 seats: exactly 5 succeed, never oversold', async () => {
      const {
        meal: { id: mealId },
        dishes: [dishId],
      } = await b.aMeal({
        chef,
        type: 'S',
        titre: 'Dernières places',
        places: 5,
        dishes: [{ type: 'M', libelle: 'Menu', prix: 1500 }],
      });
      const people = [];
      for (let i = 0; i < 50; i++) {
        people.push((await b.aUser({ habilitations: ['USER', 'RESTAURATION'] })).token);
      }
      const responses = await Promise.all(
        people.map((token) =>
          t.call({
            method: 'POST',
            url: `/api/repas/${mealId}/commande`,
            token,
            payload: { lignes: [{ idPlat: dishId, quantite: 1 }] },
          }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(5);
      expect(codes.filter((c) => c === 412)).toHaveLength(45);
      for (const r of responses.filter((x) => x.statusCode === 412)) expect(r.json().error).toBe('meal_full');
      const [row] = await t.db.select().from(meals).where(eq(meals.id, mealId));
      expect(row!.placesPrises).toBe(5);
    });

    it('20 simultaneous card payments on one card: only what the balance covers, never negative', async () => {
      const owner = await b.aUser({ habilitations: ['USER', 'RESTAURATION', 'PAYMENT'] });
      const { token } = owner;
      await t.db.insert(cards).values({ userId: owner.id });
      const [card] = await t.db.select().from(cards).where(eq(cards.userId, owner.id));
      await t.db
        .insert(cardMovements)
        .values({ cardId: card!.id, type: 'R', montant: 7 * 1000, libelle: 'test' });
      const orders: { mealId: number; orderId: number }[] = [];
      for (let i = 0; i < 20; i++) {
        const {
          meal: { id: mealId },
          dishes: [dishId],
        } = await b.aMeal({
          chef,
          titre: `Repas ${i}`,
          places: 10,
          dishes: [{ type: 'M', libelle: 'Menu', prix: 1000 }],
        });
        const o = await t.call({
          method: 'POST',
          url: `/api/repas/${mealId}/commande`,
          token,
          payload: { lignes: [{ idPlat: dishId, quantite: 1 }] },
        });
        orders.push({ mealId, orderId: o.json<MealOrder>().id });
      }
      const responses = await Promise.all(
        orders.map(({ mealId, orderId }) =>
          t.call({ method: 'POST', url: `/api/repas/${mealId}/commande/${orderId}/payer/C`, token }),
        ),
      );
      const codes = responses.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(7);
      expect(codes.filter((c) => c === 412)).toHaveLength(13);
      for (const r of responses.filter((x) => x.statusCode === 412))
        expect(r.json().error).toBe('card_insufficient_balance');
      const card2 = (await t.call({ method: 'GET', url: '/api/user/payments', token })).json<MyCard>();
      expect(card2.solde).toBe(0);
    });

    it('10 simultaneous identical notifications: one state change, one e-mail', async () => {
      const membre = await aPayer();
      const p = await topUp(membre, 2500);
      const fields = providerNotification(await formOf(membre, p.id), 'AUTHORISED');
      const before = (await mailsTo(membre)).length;
      const answers = await Promise.all(Array.from({ length: 10 }, () => notify(fields)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(answers.filter((a) => a.body === 'OK')).toHaveLength(1);
      expect(await stateOf(p.id)).toBe('P');
      expect((await mailsTo(membre)).length).toBe(before + 1);
    });

    it('10 simultaneous validations: one credit', async () => {
      const autre = await aPayer();
      const p = await topUp(autre, 1200);
      await notify(providerNotification(await formOf(autre, p.id), 'AUTHORISED'));
      const answers = await Promise.all(Array.from({ length: 10 }, () => act(tresorier, p.id, 'validate')));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 412)).toHaveLength(9);
      expect(await t.db.select().from(cardMovements).where(eq(cardMovements.paymentId, p.id))).toHaveLength(
        1,
      );
    });

    it('30 simultaneous top-ups: 30 distinct transaction ids of the day', async () => {
      const membre = await aPayer();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          t.call({
            method: 'POST',
            url: '/api/user/payments',
            token: membre.token,
            payload: { montant: 1000 },
          }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 201)).toBe(true);
      const transIds = new Set(answers.map((a) => a.json<TopUp>().transId));
      expect(transIds.size).toBe(30);
    });
  });
}
