/**
 * The books reconcile (issue 31 §2): a year with every kind of movement — invoices, a credit note,
 * cheques, a transfer and its counter-entry, an online payment of an invoice, a lodge's credit and its
 * refund, an online card top-up with an adjustment, desk credits in cash and by cheque, a bar sale, a
 * meal paid by card then undone and paid again, a till with a shortage, a deposit of cheques — then
 * the FEC of the year read back: each entry balanced; 411 of each lodge = its account = the aged
 * receivables; 4191 = the card liabilities report; 5112 = the cheques not yet deposited; the tills at 0.
 */
import type {
  AgedReceivables,
  CardBalances,
  ChequeDeposit,
  EntityAccount,
  MealOrder,
  OrderDetail,
  ProviderForm,
  TopUp,
} from '@union/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fecBalance, fecCents, fecLines } from './fec';
import { builders, named, type Builders, type Lodge, type Person } from './builders';
import { createTestContext, movableClock, type TestContext } from './helpers';
import { ipnRequest, providerNotification } from './payment-provider';

// One day of the year holds it all: the sessions of the test's people would expire over longer jumps.
const clock = movableClock('2026-11-20T08:00:00Z');
let t: TestContext;
let b: Builders;
let tresorier: Person;
let payer: Person;
let lodgeA: Lodge;
let lodgeB: Lodge;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://intranet.exemple.fr' }, { clock });
  b = builders(t);
  tresorier = await b.aUser({ habilitations: ['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE', 'MENUS'] });
  lodgeA = await b.aLodgeWithMembers({
    code: 'RECA',
    nom: 'Réconciliation A',
    flags: { restauration: true },
    members: [named('payeur', ['USER', 'RESTAURATION', 'PAYMENT'])],
  });
  payer = lodgeA.members[0]!;
  lodgeB = await b.aLodgeWithMembers({
    code: 'RECB',
    nom: 'Réconciliation B',
    members: [named('venerableb', ['USER', 'LOGE'], { gestion: true })],
  });
});
afterAll(() => t.close());

/** Later the same day. */
const later = () => (clock.at = new Date(clock.at.getTime() + 60 * 60 * 1000));

async function call<T>(
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const r = await t.call({ method, url, token: who.token, ...(payload ? { payload } : {}) });
  expect(r.statusCode, `${method} ${url}: ${r.body}`).toBeLessThan(300);
  return (r.body ? r.json() : undefined) as T;
}
const act = (action: string, payload: Record<string, unknown>) =>
  call<OrderDetail>(tresorier, 'PUT', `/api/compta/commande?action=${action}`, payload);
const invoice = (entity: number, prixUnitaire: number) =>
  b.anOrder({
    by: tresorier,
    entity,
    objet: 'Prestation',
    issued: true,
    lignes: [{ libelle: 'Location', quantite: 1, prixUnitaire }],
  });
const today = () => clock.at.toISOString().slice(0, 10);

const fec = () => fecLines(t, tresorier.token, '2026-01-01', '2026-12-31');
const balance = fecBalance;
const cents = fecCents;

describe('the books of a year with every kind of movement', () => {
  it('reconcile with the accounts, the aged receivables, the cards and the cheques', async () => {
    // Lodge A: an invoice paid by cheque and transfer (the transfer reversed), another partly credited.
    later();
    const a1 = await invoice(lodgeA.id, 10000);
    await act('EDIT_PAYMENT', {
      id: a1.id,
      paiement: { mode: 'C', date: today(), reference: 'CHQ A1', montant: 4000 },
    });
    const paid = await act('EDIT_PAYMENT', {
      id: a1.id,
      paiement: { mode: 'V', date: today(), reference: 'VIR A1', montant: 2000 },
    });
    const transfer = paid.paiements.find((p) => p.montant === 2000)!;
    const a2 = await invoice(lodgeA.id, 5000);
    await act('AVOIR_FACTURE', { id: a2.id, avoir: { montant: 1000 }, motif: 'Geste' });
    later();
    await act('REVERSE_PAYMENT', { id: a1.id, paiementId: transfer.id, motif: 'Virement rejeté' });

    // Lodge B: an invoice paid online by its venerable, a cheque kept as credit, part of it refunded.
    const b1 = await invoice(lodgeB.id, 3000);
    const venerable = lodgeB.members[0]!;
    const form = await call<ProviderForm>(
      venerable,
      'POST',
      `/api/loge/${lodgeB.id}/compte/commande/${b1.id}/paiement-cb`,
    );
    expect((await t.call(ipnRequest(providerNotification(form, 'AUTHORISED')))).statusCode).toBe(200);
    await call<EntityAccount>(tresorier, 'POST', '/api/compta/paiement', {
      idEntite: lodgeB.id,
      mode: 'C',
      date: today(),
      reference: 'CHQ B',
      montant: 1500,
      affectations: [],
    });
    await call(tresorier, 'POST', `/api/compta/entite/${lodgeB.id}/remboursement`, {
      mode: 'V',
      date: today(),
      montant: 500,
    });

    // Cards: an online top-up validated with an adjustment to the balance read on the card.
    later();
    const topUp = await call<TopUp>(payer, 'POST', '/api/user/payments', { montant: 3000 });
    const topUpForm = await call<ProviderForm>(payer, 'GET', `/api/user/payments/${topUp.id}/systempay`);
    expect((await t.call(ipnRequest(providerNotification(topUpForm, 'AUTHORISED')))).statusCode).toBe(200);
    await call(tresorier, 'POST', `/api/payment/${topUp.id}/validate?solde=50`);

    // The desk: a float, a cash credit, a cheque credit on the lodge's card, a bar sale, a short close.
    const session = await call<{ id: number }>(tresorier, 'POST', '/api/caisse/sessions', {
      caisse: 'B',
      fondInitial: 5000,
    });
    const moves = `/api/caisse/sessions/${session.id}/mouvements`;
    await call(tresorier, 'POST', moves, { type: 'G', idUser: payer.id, montant: 2000, moyen: 'E' });
    await call(tresorier, 'POST', moves, {
      type: 'G',
      idEntite: lodgeA.id,
      montant: 2500,
      moyen: 'C',
      reference: 'CHQ LOGE',
    });
    await call(tresorier, 'POST', moves, { type: 'V', idUser: payer.id, montant: 300, libelle: '2 cafés' });
    await call(tresorier, 'POST', `/api/caisse/sessions/${session.id}/cloture`, {
      compte: 6900,
      motif: 'Pièce perdue',
    });

    // A meal paid by card, the payment undone, then paid again.
    const {
      meal,
      dishes: [dish],
    } = await b.aMeal({ chef: tresorier, dishes: [{ type: 'M', libelle: 'Menu', prix: 1200 }] });
    const order = await call<MealOrder>(payer, 'POST', `/api/repas/${meal.id}/commande`, {
      lignes: [{ idPlat: dish, quantite: 1 }],
    });
    await call(payer, 'POST', `/api/repas/${meal.id}/commande/${order.id}/payer/C`);
    await call(tresorier, 'DELETE', `/api/repas/${meal.id}/commande/${order.id}/paiement`);
    await call(payer, 'POST', `/api/repas/${meal.id}/commande/${order.id}/payer/C`);

    // The cheques of November so far go to the bank; one more arrives after.
    later();
    const deposit = await call<ChequeDeposit>(tresorier, 'POST', '/api/compta/remises-cheques', {
      du: '2026-11-01',
      au: '2026-11-30',
    });
    expect(deposit.cheques.map((c) => [c.reference, c.montant]).sort()).toEqual([
      ['CHQ A1', 4000],
      ['CHQ B', 1500],
      ['CHQ LOGE', 2500],
    ]);
    const again = await t.call({
      method: 'POST',
      url: '/api/compta/remises-cheques',
      token: tresorier.token,
      payload: { du: '2026-11-01', au: '2026-11-30' },
    });
    expect(again.statusCode).toBe(412);
    expect(again.json().error).toBe('no_cheque_to_deposit');
    await act('EDIT_PAYMENT', {
      id: a2.id,
      paiement: { mode: 'C', date: today(), reference: 'CHQ A2', montant: 700 },
    });

    const lines = await fec();
    // Every entry balanced, one number per entry.
    const entries = new Map<string, number>();
    for (const l of lines) entries.set(l[2]!, (entries.get(l[2]!) ?? 0) + cents(l[11]!) - cents(l[12]!));
    for (const [num, gap] of entries) expect(gap, num).toBe(0);
    expect(entries.size).toBeGreaterThanOrEqual(20);

    // 411 of each lodge = its account (du − credit) = the aged receivables when it has no credit.
    const aged = await call<AgedReceivables>(tresorier, 'GET', '/api/compta/balance-agee');
    for (const lodge of [lodgeA, lodgeB]) {
      const account = await call<EntityAccount>(tresorier, 'GET', `/api/compta/entite/${lodge.id}/compte`);
      const code = lodge.id === lodgeA.id ? 'RECA' : 'RECB';
      expect(balance(lines, '411', `411${code}`), code).toBe(account.du - account.credit);
      expect(aged.lignes.find((l) => l.entite.id === lodge.id)?.total ?? 0).toBe(account.du);
    }
    // A: 10000 − 4000 (the transfer reversed) + 5000 − 1000 − 700; B: paid online, 1000 of credit left.
    expect(balance(lines, '411', '411RECA')).toBe(9300);
    expect(balance(lines, '411', '411RECB')).toBe(-1000);

    // 4191 = what the cards hold, as the card liabilities report says.
    const cards = await call<CardBalances>(tresorier, 'GET', '/api/cartes/soldes?date=2026-12-31');
    expect(-balance(lines, '4191')).toBe(cards.total);
    expect(cards.total).toBe(50 + 3000 + 2000 + 2500 - 300 - 1200);

    // 5112 = the cheques not deposited; the till is back to nothing, the cash box holds the float's gain.
    expect(balance(lines, '5112')).toBe(700);
    expect(balance(lines, '531')).toBe(0);
    expect(balance(lines, '530')).toBe(6900 - 5000);
    // 658: the till's shortage, and the 50 the card held beyond its ledger when the top-up was validated.
    expect(balance(lines, '658')).toBe(100 + 50);
    // The bank: the transfer and its reversal, the online payment, the refund, the top-up, the deposit.
    expect(balance(lines, '512')).toBe(2000 - 2000 + 3000 - 500 + 3000 + 8000);
  });
});
