/**
 * Every id read from text is plain decimal digits, as the app writes it (issue 17, part 3): the payment
 * notification's `vads_order_id`, a room feed's path, the accounting's query strings, a published
 * document's multipart fields and the unsubscribe token. `Number()` would read each spelling below as
 * the same record; none of them may reach it. (test/path-ids.test.ts covers the route params.)
 */
import {
  API,
  pathTo,
  recordIdOfText,
  type CalendarFeedState,
  type ProviderForm,
  type TopUp,
} from '@union/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, userPayments, users } from '../src/db/schema';
import { unsubscribeToken } from '../src/modules/documents/mails';
import { builders, type Builders } from './builders';
import { multipartBody, pdfWith } from './documents-helpers';
import { createTestContext, type TestContext } from './helpers';
import { ipnRequest, providerNotification } from './payment-provider';

let t: TestContext;
let b: Builders;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://intranet.exemple.fr' });
  b = builders(t);
});
afterAll(() => t.close());

/**
 * What `Number()` reads as the id n although the app never writes it so. Leading zeros are refused too:
 * the app never writes them, and one spelling per id leaves nothing to compare but the digits.
 */
const looseSpellingsOf = (n: number) => [
  ` ${n}`,
  `${n} `,
  `\t${n}`,
  `0x${n.toString(16)}`,
  `0o${n.toString(8)}`,
  `0b${n.toString(2)}`,
  `${n}e0`,
  `${n}.0`,
  `+${n}`,
  `0${n}`,
  `00${n}`,
];

describe('recordIdOfText (the contract’s one reading of an id written as text)', () => {
  it('reads plain decimal digits only, from 1 to the largest PostgreSQL integer', () => {
    expect(recordIdOfText('3')).toBe(3);
    expect(recordIdOfText('2147483647')).toBe(2_147_483_647);
    for (const loose of [...looseSpellingsOf(3), '0', '-3', '', '2147483648', '١٢', '３', undefined])
      expect(recordIdOfText(loose), JSON.stringify(loose)).toBeUndefined();
  });
});

describe('the payment notification (IPN): vads_order_id', () => {
  const notify = (notification: Record<string, string>) => t.call(ipnRequest(notification));
  /** The provider's notification for the form, validly signed with the test key, the order id as given. */
  const notification = (form: ProviderForm, orderId: string) =>
    providerNotification(form, 'AUTHORISED', { vads_order_id: orderId });

  it('names no top-up unless it is plain decimal digits: answered as an unknown transaction', async () => {
    const payer = await b.aUser({ habilitations: ['USER', 'PAYMENT'] });
    const asked = await t.call({
      method: 'POST',
      url: API.payments.mine,
      token: payer.token,
      payload: { montant: 3000 },
    });
    const p = asked.json<TopUp>();
    const form = (
      await t.call({
        method: 'GET',
        url: pathTo(API.payments.providerForm, { id: p.id }),
        token: payer.token,
      })
    ).json<ProviderForm>();
    const stateOf = async () =>
      (await t.db.select().from(userPayments).where(eq(userPayments.id, p.id)))[0]!.etat;

    for (const loose of looseSpellingsOf(p.id)) {
      const response = await notify(notification(form, loose));
      expect(response.statusCode, loose).toBe(412);
      expect(response.json(), loose).toMatchObject({
        error: 'ipn_unknown_payment',
        message: 'Notification refusée : transaction inconnue.',
      });
    }
    expect(await stateOf()).toBe('C');
    // The id as the form wrote it is applied.
    const applied = await notify(notification(form, String(p.id)));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.body).toBe('OK');
    expect(await stateOf()).toBe('P');
  });
});

describe('a path: the room feed /api/calendrier/{jeton}/salle/{id}.ics', () => {
  it('is the room’s calendar for its plain id only (404 otherwise, like an unknown room)', async () => {
    const staff = (await b.theUnion()).member;
    const room = await b.aRoom();
    const renewed = await t.call({ method: 'POST', url: '/api/user/calendrier', token: staff.token });
    const building = renewed.json<CalendarFeedState>().adresses!.batiment!;
    const jeton = /\/calendrier\/([^/]+)\/batiment\.ics$/.exec(building)![1]!;
    const feed = (id: string) =>
      t.call({ method: 'GET', url: `/api/calendrier/${jeton}/salle/${encodeURIComponent(id)}.ics` });
    for (const loose of looseSpellingsOf(room.id)) expect((await feed(loose)).statusCode, loose).toBe(404);
    expect((await feed(String(room.id))).statusCode).toBe(200);
  });
});

describe('a query string: the accounting’s idEntite and tiers', () => {
  it('412 for an entity id written otherwise than in plain digits', async () => {
    const lodge = await b.aLodgeWithMembers();
    const { token } = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
    const get = (url: string) => t.call({ method: 'GET', url, token });
    for (const loose of looseSpellingsOf(lodge.id)) {
      const tiers = await get(pathTo(API.compta.feeTable, {}, { annee: 2026, tiers: loose }));
      expect(tiers.statusCode, loose).toBe(412);
      expect(tiers.json().message).toBe(
        "Champ « tiers » : L'identifiant doit être un nombre entier positif (tel que l'application l'envoie).",
      );
      const preload = await get(
        pathTo(API.compta.preload, {}, { idEntite: loose, type: 'A', annee: 2026, tranche: 'A' }),
      );
      expect(preload.statusCode, loose).toBe(412);
      expect(preload.json().message).toMatch(
        /« idEntite » : L'identifiant doit être un nombre entier positif/,
      );
    }
    const table = await get(pathTo(API.compta.feeTable, {}, { annee: 2026, tiers: String(lodge.id) }));
    expect(table.statusCode, table.body).toBe(200);
  });
});

describe('a body: the multipart fields of a published document', () => {
  it('412 for an entity or a session id written otherwise than in plain digits; nothing is stored', async () => {
    const lodge = await b.aLodgeWithMembers({ managers: 1 });
    const pdf = { name: 'convocation.pdf', content: await pdfWith('Convocation') };
    const publish = (fields: Record<string, string | number>) => {
      const body = multipartBody(
        { type: 'V', titre: 'Convocation', date: '2026-03-03', audience: 'ENTITE', ...fields },
        pdf,
      );
      return t.call({
        method: 'POST',
        url: API.documents.document,
        token: lodge.manager.token,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const stored = async () => (await t.db.select({ n: count() }).from(documents))[0]!.n;
    const before = await stored();
    for (const loose of looseSpellingsOf(lodge.id)) {
      const response = await publish({ idEntite: loose });
      expect(response.statusCode, loose).toBe(412);
      expect(response.json().message).toBe("Entité : choisissez l'entité qui publie le document.");
      const session = await publish({ idEntite: lodge.id, idReservation: loose });
      expect(session.statusCode, loose).toBe(412);
      expect(session.json().message).toMatch(/^Tenue : /);
    }
    expect(await stored()).toBe(before);
    const published = await publish({ idEntite: String(lodge.id) });
    expect(published.statusCode, published.body).toBe(201);
  });

  it('the unsubscribe token names its person in plain digits only (a leading zero is no token of ours)', async () => {
    const person = await b.aUser({ habilitations: ['USER', 'DOCUMENTS_LECTURE'] });
    await t.db.update(users).set({ notificationDocuments: true }).where(eq(users.id, person.id));
    const token = await unsubscribeToken(t.db, person.id);
    for (const jeton of [`0${token}`, `00${token}`]) {
      const response = await t.call({
        method: 'POST',
        url: API.documents.unsubscribe,
        payload: { jeton },
        noXsrf: true,
      });
      expect(response.statusCode, jeton).toBe(412);
      expect(response.json()).toMatchObject({ error: 'unsubscribe_token' });
    }
    const [still] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(still!.notificationDocuments).toBe(true);
    const ok = await t.call({
      method: 'POST',
      url: API.documents.unsubscribe,
      payload: { jeton: token },
      noXsrf: true,
    });
    expect(ok.statusCode).toBe(204);
  });
});
