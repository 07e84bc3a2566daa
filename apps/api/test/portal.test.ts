/**
 * The portal (issue 33): GET /api/portail gathers what awaits the caller, each part filtered as its own
 * screen is. A member sees their lodge's sessions and meals, never another lodge's; an officer sees their
 * lodge's invoices to pay and members yet to sign in; Union staff the requests to decide; documents are
 * new since the visit before (a read 30 minutes after the last one is a new visit).
 */
import { API, type PortalSummary } from '@union/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { builders, type Builders, type Lodge } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';

const clock = movableClock('2026-03-03T09:00:00Z');
let t: TestContext;
let b: Builders;

const portal = async (token: string) => {
  const response = await t.call({ method: 'GET', url: API.portal.summary, token });
  expect(response.statusCode).toBe(200);
  return response.json<PortalSummary>();
};
const later = (minutes: number) => {
  clock.at = new Date(clock.at.getTime() + minutes * 60_000);
};

const MEMBER = {
  habilitations: ['USER', 'PLANNING', 'RESTAURATION', 'PAYMENT', 'DOCUMENTS_LECTURE'],
} as const;

let lodge: Lodge;
let other: Lodge;

beforeAll(async () => {
  t = await createTestContext({}, { clock });
  b = builders(t);
  lodge = await b.aLodgeWithMembers({
    members: [{ ...MEMBER, habilitations: [...MEMBER.habilitations] }],
    managers: [
      {
        habilitations: ['USER', 'LOGE', 'PLANNING', 'DOCUMENTS_LECTURE'],
        flags: { reservation: true, gestion: true },
      },
    ],
  });
  other = await b.aLodgeWithMembers({
    members: [{ habilitations: ['USER', 'PLANNING', 'DOCUMENTS_LECTURE'] }],
    managers: [{ habilitations: ['USER', 'LOGE', 'PLANNING'], flags: { reservation: true, gestion: true } }],
  });
});
afterAll(() => t.close());

describe('GET /api/portail', () => {
  it('401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: API.portal.summary })).statusCode).toBe(401);
  });

  it('a member sees their lodge’s next sessions and meals to order, never another lodge’s', async () => {
    const mine = await b.aReservation({
      entity: lodge,
      by: lodge.manager,
      state: 'CR',
      libelle: 'Tenue de loge',
    });
    const theirs = await b.aReservation({
      entity: other,
      by: other.manager,
      state: 'CR',
      libelle: 'Tenue voisine',
    });
    // A request not yet confirmed is no session.
    await b.aReservation({ entity: lodge, by: lodge.manager, state: 'DC', libelle: 'Demande en cours' });
    const { meal } = await b.aMeal({ titre: 'Pot-au-feu', day: '2026-03-05' });
    await b.aMeal({ titre: 'Repas fermé', day: '2026-03-06', ouvert: false });
    // Past its deadline, a meal is no longer to order.
    await b.aMeal({ titre: 'Trop tard', day: '2026-03-03', limite: '2026-03-03T09:00' });

    const summary = await portal(lodge.member.token);
    expect(summary.seances.map((s) => s.id)).toEqual([mine.id]);
    expect(summary.seances[0]).toMatchObject({
      libelle: 'Tenue de loge',
      entite: lodge.nom,
      debut: '19:00',
      lien: `/app/reservations?date=${mine.date}`,
    });
    expect(summary.seances.map((s) => s.id)).not.toContain(theirs.id);
    expect(summary.repas).toEqual([
      expect.objectContaining({
        id: meal.id,
        titre: 'Pot-au-feu',
        commandable: true,
        commande: false,
        lien: `/app/restauration?date=${meal.date}`,
      }),
    ]);
    expect(summary.carte).toEqual({ solde: 0, lien: '/app/account/payments' });
    // A plain member has nothing to handle.
    expect(summary.aTraiter).toEqual([]);

    // The other lodge's member sees their session, not ours; without RESTAURATION nor PAYMENT no meal nor card.
    const theirSummary = await portal(other.member.token);
    expect(theirSummary.seances.map((s) => s.id)).toEqual([theirs.id]);
    expect(theirSummary.repas).toEqual([]);
    expect(theirSummary.carte).toBeNull();
  });

  it('without PLANNING, no session (as the planning screen)', async () => {
    const plain = await b.aMember(lodge.id, { habilitations: ['USER'] });
    const summary = await portal(plain.token);
    expect(summary.seances).toEqual([]);
    expect(summary.repas).toEqual([]);
    expect(summary.documents.nouveaux).toEqual([]);
  });

  it('an officer sees their lodge’s invoices to pay and members yet to sign in; the other lodge’s never', async () => {
    const treasurer = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE'] });
    const invoice = await b.anOrder({ by: treasurer, entity: lodge.id, issued: true });
    await b.anOrder({ by: treasurer, entity: other.id, issued: true });
    // A draft is no invoice due.
    await b.anOrder({ by: treasurer, entity: lodge.id });
    const newcomer = await b.aMember(lodge.id, { habilitations: ['USER'] });
    const otherNewcomer = await b.aMember(other.id, { habilitations: ['USER'] });
    for (const id of [newcomer.id, otherNewcomer.id]) {
      await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, id));
    }

    const summary = await portal(lodge.manager.token);
    expect(summary.aTraiter).toEqual([
      {
        nature: 'FACTURES',
        nombre: 1,
        montant: invoice.total,
        entite: lodge.nom,
        lien: `/app/loge?entite=${lodge.id}&onglet=compte`,
      },
      {
        nature: 'MEMBRES',
        nombre: 1,
        montant: null,
        entite: lodge.nom,
        lien: `/app/loge?entite=${lodge.id}&onglet=membres`,
      },
    ]);
    // The treasurer reads every account in Comptabilité, but is the officer of no lodge: nothing waits here.
    expect((await portal(treasurer.token)).aTraiter).toEqual([]);
    // A member of the lodge without LOGE sees none of it.
    expect((await portal(lodge.member.token)).aTraiter).toEqual([]);
  });

  it('Union staff see the reservation requests to decide', async () => {
    const { member: staff } = await b.theUnion();
    await b.aReservation({ entity: lodge, by: lodge.manager, state: 'DC', libelle: 'Demande' });
    const summary = await portal(staff.token);
    const requests = summary.aTraiter.find((task) => task.nature === 'DEMANDES');
    expect(requests).toMatchObject({ lien: '/app/reservations/demandes', entite: null });
    expect(requests!.nombre).toBeGreaterThanOrEqual(1);
    expect((await portal(lodge.manager.token)).aTraiter.map((task) => task.nature)).not.toContain('DEMANDES');
  });

  it('a document published after the last visit is new, then not after the next visit; another lodge’s never', async () => {
    const reader = await b.aMember(lodge.id, { habilitations: ['USER', 'DOCUMENTS_LECTURE'] });
    // First visit: the last 30 days count, nothing published yet for this lodge is new to them.
    const first = await portal(reader.token);
    expect(first.documents.depuis).toBeNull();
    const before = first.documents.total;

    later(60);
    const doc = await b.aDocument({ by: lodge.manager, entity: lodge.id, titre: 'Convocation de mars' });
    const hidden = await b.aDocument({ by: other.manager, entity: other.id, titre: 'Planche voisine' });
    later(60);
    const second = await portal(reader.token);
    expect(second.documents.depuis).not.toBeNull();
    expect(second.documents.nouveaux.map((d) => d.id)).toEqual([doc.id]);
    expect(second.documents.nouveaux[0]).toMatchObject({
      titre: 'Convocation de mars',
      lien: `/app/doc/${doc.id}`,
    });
    expect(second.documents.nouveaux.map((d) => d.id)).not.toContain(hidden.id);
    expect(second.documents.total).toBe(1);
    expect(before).toBeGreaterThanOrEqual(0);

    // A reload within the visit still shows it; the next visit does not.
    later(10);
    expect((await portal(reader.token)).documents.nouveaux.map((d) => d.id)).toEqual([doc.id]);
    later(45);
    const third = await portal(reader.token);
    expect(third.documents.nouveaux).toEqual([]);
    expect(third.documents.total).toBe(0);
  });
});
