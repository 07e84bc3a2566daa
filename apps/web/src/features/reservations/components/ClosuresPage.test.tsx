import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClosureList } from '@union/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signInAs } from '../../../../test/utils';
import { masonicYearOf, todayIso } from '../api/dates';

const year = masonicYearOf(todayIso());
const path = `GET /api/fermeture/${year}-09-01`;
const list = (gestion: boolean): ClosureList => ({
  annee: year,
  fermetures: [{ date: `${year}-12-25`, motif: 'Noël' }],
  gestion,
});

describe('closed days', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the closures of the year; members get neither the form nor the reopen button', async () => {
    signInAs(['USER', 'PLANNING']);
    mockFetch({ [path]: { body: list(false) } });
    renderApp('/app/reservations/fermetures');
    expect(await screen.findByText('Noël')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`25 décembre ${year}`))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rouvrir' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fermer un jour')).not.toBeInTheDocument();
  });

  it('says when the year has no closed day', async () => {
    signInAs(['USER', 'PLANNING']);
    mockFetch({ [path]: { body: { annee: year, fermetures: [], gestion: false } } });
    renderApp('/app/reservations/fermetures');
    expect(
      await screen.findByText(`Aucun jour de fermeture pour l’année ${year}-${year + 1}.`),
    ).toBeInTheDocument();
  });

  it('lets Union staff reopen a day after confirming', async () => {
    signInAs(['USER', 'PLANNING']);
    const calls = mockFetch({
      [path]: { body: list(true) },
      [`DELETE /api/fermeture/${year}-12-25`]: { status: 204 },
    });
    renderApp('/app/reservations/fermetures');
    expect(await screen.findByText('Fermer un jour')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rouvrir' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(await screen.findByText(new RegExp(`25 décembre ${year} est rouvert`))).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/fermeture/${year}-12-25`)).toBe(true);
  });
});
