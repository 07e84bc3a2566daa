import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BankReconciliationLockSchema,
  BankReconciliationSchema,
  BankStatementListSchema,
} from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, reply, signInAs } from '../../../../test/utils';
import { parisDay } from '../../../lib/dates';
import { IBAN, RECONCILIATION } from './reconciliation.fixture';

const LOCK = {
  date: '2026-11-30',
  soldeReleve: 131500,
  soldeComptable: 48000,
  par: 'Jean Martin',
  le: '2026-11-30T17:00:00.000Z',
};
/** The page asks first for the Union's first account at today in Paris, wherever the test runs. */
const STATE_URL = `GET /api/compta/banque/rapprochement?date=${parisDay()}`;

describe('Rapprochement bancaire', { timeout: 90_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('explains the difference in a table and validates the period', async () => {
    signInAs(['USER', 'COMPTA_LECTURE', 'COMPTA_SAISIE']);
    const calls = mockApi({
      [STATE_URL]: reply(BankReconciliationSchema, RECONCILIATION),
      'POST /api/compta/banque/rapprochement/validation': reply(BankReconciliationLockSchema, LOCK, {
        status: 201,
      }),
    });
    renderApp('/app/compta/banque/rapprochement');
    expect(
      await screen.findByRole('heading', { name: 'Rapprochement bancaire' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = (await screen.findByText(/Du relevé à la comptabilité/)).closest('table')!;
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual([
      'Solde du relevé au 30/11/20261 315,00 €',
      'Moins les opérations du relevé absentes de la comptabilité (1 ligne)45,00 €',
      'Plus les écritures du compte 512 absentes du relevé (1 écriture)120,00 €',
      'Plus le solde du compte 512 avant le premier relevé (01/11/2026), moins le solde d’ouverture de ce relevé-1 000,00 €',
      'Solde rapproché480,00 €',
      'Solde comptable du compte 512 au 30/11/2026480,00 €',
      'Écart inexpliqué0,00 €',
    ]);
    expect(screen.getByText('Remise de chèques')).toBeInTheDocument();
    expect(screen.getByText('Sans correspondance')).toBeInTheDocument();
    // By keyboard: the confirmation says what locking means, the focus on « Annuler ».
    const validate = screen.getByRole('button', { name: 'Valider le rapprochement au 30/11/2026' });
    validate.focus();
    await userEvent.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'La période jusqu’au 30/11/2026 sera close sur « Compte courant » (512)',
    );
    expect(dialog).toHaveTextContent(/ne pourront plus changer.*contre-passation/);
    expect(dialog).toHaveTextContent('Solde du relevé : 1 315,00 €');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(validate).toHaveFocus());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Again, then Tab to « Valider et clore la période » and Enter.
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Annuler' })).toHaveFocus());
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Valider et clore la période' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      iban: IBAN,
      date: '2026-11-30',
    });
  });

  it('says why it may not be validated yet, and lets a reader read only', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    mockApi({
      [STATE_URL]: reply(BankReconciliationSchema, {
        ...RECONCILIATION,
        enAttente: 1,
        validable: false,
        raison:
          '1 ligne du relevé attend d’être confirmée ou ignorée : traitez-les dans Comptabilité › Banque.',
        verrou: { ...LOCK, date: '2026-10-31' },
      }),
    });
    renderApp('/app/compta/banque/rapprochement');
    expect(await screen.findByText(/1 ligne du relevé attend/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Rapproché au 31/10/2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Valider le rapprochement/ })).toBeNull();
  });

  it('is reached from the Banque page', async () => {
    signInAs(['USER', 'COMPTA_LECTURE']);
    mockApi({ 'GET /api/compta/banque/releves': reply(BankStatementListSchema, []) });
    const { router } = renderApp('/app/compta/banque');
    await userEvent.click(await screen.findByRole('link', { name: 'Rapprochement' }, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/compta/banque/rapprochement'));
  });
});
