import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AgedReceivablesSchema,
  API,
  pathTo,
  UnappliedOnlinePaymentListSchema,
  type AgedReceivables,
  type UnappliedOnlinePayment,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';

const AGED: AgedReceivables = {
  date: '2026-11-26',
  lignes: [
    {
      entite: { id: 3, code: 'TOL-PROGRES', nom: 'Tolérance et Progrès' },
      factures: 2,
      nonEchu: 0,
      j0a30: 18000,
      j31a60: 0,
      j61a90: 0,
      plus90: 4500,
      total: 22500,
    },
  ],
  totaux: { nonEchu: 0, j0a30: 18000, j31a60: 0, j61a90: 0, plus90: 4500, total: 22500 },
};

const UNAPPLIED: UnappliedOnlinePayment = {
  id: 41,
  entite: { id: 9, nom: 'Les Amis du Temple de la rue Garibaldi' },
  idCommande: 77,
  numeroFacture: 'FA-2026-0003',
  etatFacture: 'FP',
  date: '2026-11-21',
  transaction: '20261121-000001',
  montant: 7500,
};

const settlePath = pathTo(API.compta.settleOnline, { id: 41 });

describe('Balance âgée, paiements par carte à régulariser', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the aged table with its totals, and no card section when nothing is to settle', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    mockApi({
      [`GET ${API.compta.agedReceivables}`]: reply(AgedReceivablesSchema, AGED),
      [`GET ${API.compta.unappliedOnline}`]: reply(UnappliedOnlinePaymentListSchema, []),
    });
    renderApp('/app/compta/balance-agee');
    const table = await screen.findByRole('region', { name: 'Balance âgée par loge ou association' });
    const row = within(table).getByRole('row', { name: /Tolérance et Progrès/ });
    expect(row).toHaveTextContent('180,00');
    expect(row).toHaveTextContent('225,00');
    expect(within(table).getByRole('row', { name: /^Total/ })).toHaveTextContent('225,00');
    expect(screen.queryByText('Paiements par carte à régulariser')).not.toBeInTheDocument();
  });

  it('keeps a card payment as the credit of the account, after a question that says what it does', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    let settled = false;
    const calls = mockApi({
      [`GET ${API.compta.agedReceivables}`]: reply(AgedReceivablesSchema, AGED),
      [`GET ${API.compta.unappliedOnline}`]: () =>
        reply(UnappliedOnlinePaymentListSchema, settled ? [] : [UNAPPLIED]),
      [`POST ${settlePath}`]: () => {
        settled = true;
        return reply(UnappliedOnlinePaymentListSchema, []);
      },
    });
    renderApp('/app/compta/balance-agee');
    const section = await screen.findByRole('region', { name: 'Paiements par carte à régulariser' });
    const row = within(section).getByRole('row', { name: /Les Amis du Temple/ });
    expect(row).toHaveTextContent('FA-2026-0003 (facture payée)');
    expect(row).toHaveTextContent('20261121-000001');
    expect(row).toHaveTextContent('75,00');

    await userEvent.click(within(row).getByRole('button', { name: 'Porter au crédit de la loge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Régulariser le paiement par carte' });
    expect(dialog).toHaveTextContent('au crédit du compte « Les Amis du Temple de la rue Garibaldi »');
    expect(within(dialog).queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /^Porter 75,00\s€ au crédit$/ }));

    await waitFor(() => expect(calls.some((c) => c.path === settlePath)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === settlePath)!.body!)).toEqual({ action: 'CREDIT' });
    expect(
      await screen.findByText(
        '75,00 € portés au crédit du compte « Les Amis du Temple de la rue Garibaldi ».',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Paiements par carte à régulariser' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('records a refund to the card only once confirmed, and sends nothing when cancelled', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      [`GET ${API.compta.agedReceivables}`]: reply(AgedReceivablesSchema, AGED),
      [`GET ${API.compta.unappliedOnline}`]: reply(UnappliedOnlinePaymentListSchema, [UNAPPLIED]),
      [`POST ${settlePath}`]: reply(UnappliedOnlinePaymentListSchema, []),
    });
    renderApp('/app/compta/balance-agee');
    const section = await screen.findByRole('region', { name: 'Paiements par carte à régulariser' });
    await userEvent.click(within(section).getByRole('button', { name: 'Remboursé sur la carte' }));
    let dialog = await screen.findByRole('dialog', { name: 'Régulariser le paiement par carte' });
    expect(dialog).toHaveTextContent('transaction 20261121-000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path === settlePath)).toBe(false);

    await userEvent.click(within(section).getByRole('button', { name: 'Remboursé sur la carte' }));
    dialog = await screen.findByRole('dialog', { name: 'Régulariser le paiement par carte' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Noter remboursé sur la carte' }));
    await waitFor(() => expect(calls.some((c) => c.path === settlePath)).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === settlePath)!.body!)).toEqual({ action: 'REFUNDED' });
    expect(
      await screen.findByText(/^Le paiement de 75,00\s€ est noté remboursé sur la carte\.$/),
    ).toBeInTheDocument();
  });

  it('offers no settling to a reader of the accounts', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    mockApi({
      [`GET ${API.compta.agedReceivables}`]: reply(AgedReceivablesSchema, AGED),
      [`GET ${API.compta.unappliedOnline}`]: reply(UnappliedOnlinePaymentListSchema, [UNAPPLIED]),
    });
    renderApp('/app/compta/balance-agee');
    const section = await screen.findByRole('region', { name: 'Paiements par carte à régulariser' });
    expect(within(section).getByRole('row', { name: /Les Amis du Temple/ })).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByText('Régulariser')).not.toBeInTheDocument();
  });
});
