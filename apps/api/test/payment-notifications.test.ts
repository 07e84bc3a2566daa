/**
 * The provider's one notification address (modules/payment-provider/notification.ts): it checks the
 * notification, then hands it to the owner of its order by the reference's prefix. The owners are faked
 * here to see where each reference goes; the composed app is checked to enter the real ones, and to
 * refuse an order of no known kind cleanly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { fixedClock, type PublicContext } from '../src/lib/context';
import { applyInvoiceNotification } from '../src/modules/compta/accounts/online';
import {
  dispatchNotification,
  notificationHandlers,
  type NotificationHandler,
  type Verdict,
} from '../src/modules/payment-provider/notification';
import { topUpNotified } from '../src/modules/restaurant/cards/online';
import { createTestContext, type TestContext } from './helpers';
import { ipnRequest, providerNotification } from './payment-provider';

const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
/** The fakes never touch the database: the dispatch only passes the context on. */
const ctx: PublicContext = {
  db: {} as Database,
  clock: fixedClock('2026-03-02T10:00:00Z'),
  publicUrl: 'https://intranet.exemple.fr',
};

/** A form's fields as we would send them for order reference `reference`. */
const formFor = (reference: string) => ({
  champs: {
    vads_site_id: config.SYSTEMPAY_SITE_ID,
    vads_ctx_mode: config.SYSTEMPAY_MODE,
    vads_currency: '978',
    vads_amount: '3000',
    vads_order_id: reference,
    vads_trans_id: '000042',
    vads_trans_date: '20260302100000',
  },
});

/** Two fake owners that write down what reached them. */
function fakeOwners() {
  const reached: { owner: string; id: number; verdict: Verdict }[] = [];
  const owner =
    (name: string): NotificationHandler =>
    (_ctx, id, _fields, verdict) => {
      reached.push({ owner: name, id, verdict });
      return Promise.resolve('applied');
    };
  const table = new Map([
    ['FACTURE-', owner('invoices')],
    ['', owner('top-ups')],
  ]);
  return { reached, table };
}

describe('the dispatch of a notification to its order’s owner', () => {
  it('hands an invoice’s reference to the invoices, a bare number to the top-ups, with the verdict', async () => {
    const { reached, table } = fakeOwners();
    const send = (reference: string, status: string) =>
      dispatchNotification(table, ctx, config, providerNotification(formFor(reference), status));
    expect(await send('FACTURE-7', 'AUTHORISED')).toBe('applied');
    expect(await send('12', 'REFUSED')).toBe('applied');
    expect(await send('13', 'UNDER_VERIFICATION')).toBe('applied');
    expect(reached).toEqual([
      { owner: 'invoices', id: 7, verdict: 'PAID' },
      { owner: 'top-ups', id: 12, verdict: 'FAILED' },
      { owner: 'top-ups', id: 13, verdict: null },
    ]);
  });

  it('refuses a kind of order nobody owns, or a reference without a record id, before any owner', async () => {
    const { reached, table } = fakeOwners();
    for (const reference of ['ADHESION-3', 'FACTURE-abc', 'FACTURE-', '0x3', ' 3', '', 'facture-3']) {
      await expect(
        dispatchNotification(table, ctx, config, providerNotification(formFor(reference))),
        reference,
      ).rejects.toMatchObject({ status: 412, code: 'ipn_unknown_payment' });
    }
    expect(reached).toEqual([]);
  });

  it('checks the signature and the shop before looking at the order', async () => {
    const { reached, table } = fakeOwners();
    const form = formFor('FACTURE-7');
    await expect(
      dispatchNotification(table, ctx, config, providerNotification(form, 'AUTHORISED', {}, 'autre-clef')),
    ).rejects.toMatchObject({ code: 'ipn_bad_signature' });
    await expect(
      dispatchNotification(
        table,
        ctx,
        config,
        providerNotification(form, 'AUTHORISED', { vads_site_id: '1' }),
      ),
    ).rejects.toMatchObject({ code: 'ipn_mismatch' });
    expect(reached).toEqual([]);
  });
});

describe('the composed app’s notification address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('enters the accounts for invoices and the restaurant for top-ups, and no other kind', () => {
    expect(new Map(notificationHandlers())).toEqual(
      new Map([
        ['FACTURE-', applyInvoiceNotification],
        ['', topUpNotified],
      ]),
    );
  });

  it('answers an order of an unknown kind a clean 412, not a 500', async () => {
    const response = await t.call(ipnRequest(providerNotification(formFor('ADHESION-3'))));
    expect(response.statusCode).toBe(412);
    expect(response.json()).toMatchObject({
      error: 'ipn_unknown_payment',
      message: 'Notification refusée : transaction inconnue.',
    });
  });
});
